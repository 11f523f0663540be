/**
 * The twelve routes of the Voice API v1 as plain data: method, path, the bearer scope each needs
 * (spec "Authentication"), success status, error statuses and headers. No schemas here, so the
 * browser can find a route's scope without loading every zod schema; `routes.ts` adds the schemas
 * to this same table (one source of truth, two weights).
 */
import type { Scope } from './enums';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface RouteInfo {
  method: HttpMethod;
  /** OpenAPI-style path, `{id}` for the path parameter. */
  path: string;
  summary: string;
  /** Scope a bearer token needs; null: API key only (the token route). */
  scope: Scope | null;
  status: 200 | 201;
  /** Response headers the route always sends. */
  headers?: readonly string[];
  /** Status codes besides the success one. */
  errors: readonly number[];
}

const common = [400, 401, 403, 429] as const;
const withId = [...common, 404] as const;

export const ROUTE_TABLE = {
  issueToken: {
    method: 'POST',
    path: '/v1/auth/token',
    summary: 'Issue a short-lived scoped bearer token (API key only).',
    scope: null,
    status: 200,
    errors: common,
  },
  listAgents: { method: 'GET', path: '/v1/agents', summary: 'List agents.', scope: 'agents:read', status: 200, errors: common },
  getAgent: { method: 'GET', path: '/v1/agents/{id}', summary: 'Read an agent.', scope: 'agents:read', status: 200, errors: withId },
  patchAgent: { method: 'PATCH', path: '/v1/agents/{id}', summary: 'Update an agent (partial).', scope: 'agents:write', status: 200, errors: withId },
  listCalls: { method: 'GET', path: '/v1/calls', summary: 'List calls.', scope: 'calls:read', status: 200, errors: common },
  getCall: { method: 'GET', path: '/v1/calls/{id}', summary: 'Read a call.', scope: 'calls:read', status: 200, errors: withId },
  createCall: { method: 'POST', path: '/v1/calls', summary: 'Create one outbound call.', scope: 'calls:write', status: 201, errors: withId },
  getRecording: {
    method: 'GET',
    path: '/v1/calls/{id}/recording',
    summary: "A call's recording as a base64 JSON string.",
    scope: 'calls:read',
    status: 200,
    errors: withId,
  },
  getTranscript: {
    method: 'GET',
    path: '/v1/calls/{id}/transcript',
    summary: "A call's transcript entries in time order.",
    scope: 'calls:read',
    status: 200,
    errors: withId,
  },
  createCampaign: {
    method: 'POST',
    path: '/v1/campaigns',
    summary: 'Create a campaign of scheduled outbound calls.',
    scope: 'campaigns:write',
    status: 201,
    errors: common,
  },
  getCampaign: { method: 'GET', path: '/v1/campaigns/{id}', summary: 'Read a campaign.', scope: 'campaigns:read', status: 200, errors: withId },
  changeCampaignStatus: {
    method: 'POST',
    path: '/v1/campaigns/{id}/status',
    summary: "Change a campaign's status.",
    scope: 'campaigns:write',
    status: 200,
    errors: withId,
  },
  bulkCalls: {
    method: 'POST',
    path: '/v1/bulk/calls',
    summary: 'Create many outbound calls at once.',
    scope: 'calls:write',
    status: 201,
    headers: ['X-CallRateLimit-Limit', 'X-CallRateLimit-Remaining'],
    errors: common,
  },
} as const satisfies Record<string, RouteInfo>;

export type RouteName = keyof typeof ROUTE_TABLE;
export const ROUTE_NAMES = Object.keys(ROUTE_TABLE) as RouteName[];

/** `/v1/calls/{id}` -> `/v1/calls/:id` (Fastify, find-my-way). */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const matchers = ROUTE_NAMES.map((name) => {
  const route: RouteInfo = ROUTE_TABLE[name];
  const source = route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return { name, method: route.method, pattern: new RegExp(`^${source}$`) };
});

/** The name of the route a method and a path (without query) belong to, with its raw path params. */
export function matchRouteName(method: string, path: string): { name: RouteName; params: Record<string, string> } | null {
  const upper = method.toUpperCase();
  for (const m of matchers) {
    if (m.method !== upper) continue;
    const found = m.pattern.exec(path);
    if (found) return { name: m.name, params: { ...found.groups } };
  }
  return null;
}

/** Finds the route (as data) a method and a path belong to. */
export function matchRouteInfo(method: string, path: string): { name: RouteName; route: RouteInfo; params: Record<string, string> } | null {
  const found = matchRouteName(method, path);
  return found ? { ...found, route: ROUTE_TABLE[found.name] } : null;
}
