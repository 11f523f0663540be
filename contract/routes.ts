/**
 * The twelve routes of the Voice API v1: method, path, the bearer scope it needs (spec
 * "Authentication"), its inputs and its success response. The simulator, the BFF's proxy
 * allow-list, the SPA's token scoping and the OpenAPI document are all generated from this table.
 */
import type { z } from 'zod';
import { AgentListQuery, CallListQuery, IdParams } from './queries';
import { Agent, AgentPatch } from './schemas/agent';
import { Call } from './schemas/call';
import { BulkCallCreate, BulkCallResult, CallCreate } from './schemas/calls-create';
import { Campaign, CampaignCreate, CampaignStatusChange } from './schemas/campaign';
import { Page } from './schemas/page';
import { Token, TokenRequest } from './schemas/token';
import { Recording, Transcript } from './schemas/transcript';
import type { Scope } from './enums';

export type HttpMethod = 'GET' | 'POST' | 'PATCH';

export interface RouteDef {
  method: HttpMethod;
  /** OpenAPI-style path, `{id}` for the path parameter. */
  path: string;
  summary: string;
  /** Scope a bearer token needs; null: API key only (the token route). */
  scope: Scope | null;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  status: 200 | 201;
  response: z.ZodType;
  /** Response headers the route always sends. */
  headers?: readonly string[];
  /** Status codes besides the success one. */
  errors: readonly number[];
}

const common = [400, 401, 403, 429] as const;
const withId = [...common, 404] as const;

export const ROUTES = {
  issueToken: {
    method: 'POST', path: '/v1/auth/token', summary: 'Issue a short-lived scoped bearer token (API key only).',
    scope: null, body: TokenRequest, status: 200, response: Token, errors: common,
  },
  listAgents: {
    method: 'GET', path: '/v1/agents', summary: 'List agents.',
    scope: 'agents:read', query: AgentListQuery, status: 200, response: Page(Agent).meta({ id: 'AgentPage' }), errors: common,
  },
  getAgent: {
    method: 'GET', path: '/v1/agents/{id}', summary: 'Read an agent.',
    scope: 'agents:read', params: IdParams, status: 200, response: Agent, errors: withId,
  },
  patchAgent: {
    method: 'PATCH', path: '/v1/agents/{id}', summary: 'Update an agent (partial).',
    scope: 'agents:write', params: IdParams, body: AgentPatch, status: 200, response: Agent, errors: withId,
  },
  listCalls: {
    method: 'GET', path: '/v1/calls', summary: 'List calls.',
    scope: 'calls:read', query: CallListQuery, status: 200, response: Page(Call).meta({ id: 'CallPage' }), errors: common,
  },
  getCall: {
    method: 'GET', path: '/v1/calls/{id}', summary: 'Read a call.',
    scope: 'calls:read', params: IdParams, status: 200, response: Call, errors: withId,
  },
  createCall: {
    method: 'POST', path: '/v1/calls', summary: 'Create one outbound call.',
    scope: 'calls:write', body: CallCreate, status: 201, response: Call, errors: withId,
  },
  getRecording: {
    method: 'GET', path: '/v1/calls/{id}/recording', summary: "A call's recording as a base64 JSON string.",
    scope: 'calls:read', params: IdParams, status: 200, response: Recording, errors: withId,
  },
  getTranscript: {
    method: 'GET', path: '/v1/calls/{id}/transcript', summary: "A call's transcript entries in time order.",
    scope: 'calls:read', params: IdParams, status: 200, response: Transcript, errors: withId,
  },
  createCampaign: {
    method: 'POST', path: '/v1/campaigns', summary: 'Create a campaign of scheduled outbound calls.',
    scope: 'campaigns:write', body: CampaignCreate, status: 201, response: Campaign, errors: common,
  },
  getCampaign: {
    method: 'GET', path: '/v1/campaigns/{id}', summary: 'Read a campaign.',
    scope: 'campaigns:read', params: IdParams, status: 200, response: Campaign, errors: withId,
  },
  changeCampaignStatus: {
    method: 'POST', path: '/v1/campaigns/{id}/status', summary: "Change a campaign's status.",
    scope: 'campaigns:write', params: IdParams, body: CampaignStatusChange, status: 200, response: Campaign, errors: withId,
  },
  bulkCalls: {
    method: 'POST', path: '/v1/bulk/calls', summary: 'Create many outbound calls at once.',
    scope: 'calls:write', body: BulkCallCreate, status: 201, response: BulkCallResult,
    headers: ['X-CallRateLimit-Limit', 'X-CallRateLimit-Remaining'], errors: common,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** `/v1/calls/{id}` -> `/v1/calls/:id` (Fastify, find-my-way). */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

const matchers = ROUTE_NAMES.map((name) => {
  const route: RouteDef = ROUTES[name];
  const source = route.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return { name, route, pattern: new RegExp(`^${source}$`) };
});

/** Finds the route a method and a path (without query) belong to, with its raw path params. */
export function matchRoute(method: string, path: string): { name: RouteName; route: RouteDef; params: Record<string, string> } | null {
  for (const m of matchers) {
    if (m.route.method !== method.toUpperCase()) continue;
    const found = m.pattern.exec(path);
    if (found) return { name: m.name, route: m.route, params: { ...found.groups } };
  }
  return null;
}
