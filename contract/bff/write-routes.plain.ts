/**
 * The BFF's write routes: the only way the console changes anything upstream (write-scoped
 * upstream tokens never reach the browser). Plain data, no schemas, so the browser's first load
 * can read it. Each route takes the body of the upstream route it stands for (`upstream`, a name
 * of contract/routes.ts) and answers with that route's status, body and rate-limit headers;
 * failures are ErrorResponses with field errors, and `X-Switchboard-Outcome` on a failed write.
 */
import type { RouteName } from '../routes.plain';

export interface BffWriteRoute {
  method: 'POST' | 'PATCH';
  /** Fastify-style path (`:id`). */
  path: string;
  /** The upstream route the BFF calls after its own checks. */
  upstream: RouteName;
  /** Needs an Idempotency-Key (a create: exactly once). */
  idempotent: boolean;
  /** The upstream route's success status, answered as it is. */
  status: 200 | 201;
}

export const BFF_WRITE_ROUTES = {
  createCall: { method: 'POST', path: '/bff/calls', upstream: 'createCall', idempotent: true, status: 201 },
  bulkCalls: { method: 'POST', path: '/bff/bulk/calls', upstream: 'bulkCalls', idempotent: true, status: 201 },
  createCampaign: { method: 'POST', path: '/bff/campaigns', upstream: 'createCampaign', idempotent: true, status: 201 },
  changeCampaignStatus: { method: 'POST', path: '/bff/campaigns/:id/status', upstream: 'changeCampaignStatus', idempotent: false, status: 200 },
  patchAgent: { method: 'PATCH', path: '/bff/agents/:id', upstream: 'patchAgent', idempotent: false, status: 200 },
} as const satisfies Record<string, BffWriteRoute>;
export type BffWriteName = keyof typeof BFF_WRITE_ROUTES;

/** The concrete URL of a write route (`id` for the routes with one). */
export function bffWritePath(name: BffWriteName, id?: string): string {
  const path: string = BFF_WRITE_ROUTES[name].path;
  return id === undefined ? path : path.replace(':id', encodeURIComponent(id));
}

/** Where the console asks what became of a create by its Idempotency-Key (WriteAttempt). */
export const writeAttemptPath = (key: string) => `/bff/writes/${encodeURIComponent(key)}`;
/** Where the console records what a person found out about an unknown outcome (ResolveWriteAttempt). */
export const resolveWriteAttemptPath = (key: string) => `/bff/writes/${encodeURIComponent(key)}/resolve`;
