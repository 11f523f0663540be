/**
 * The twelve routes of the Voice API v1 (routes.plain.ts) with their inputs and success responses
 * as schemas. The simulator, the BFF's proxy allow-list and the OpenAPI document are generated
 * from this table; the SPA reads the schema-free routes.plain.ts for token scoping.
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
import { matchRouteName, ROUTE_TABLE, type RouteInfo, type RouteName } from './routes.plain';

export type { HttpMethod, RouteName } from './routes.plain';
export { ROUTE_NAMES, toColonPath } from './routes.plain';

/** A route of the table with its inputs and success response as schemas. */
export interface RouteDef extends RouteInfo {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const t = ROUTE_TABLE;

export const ROUTES = {
  issueToken: { ...t.issueToken, body: TokenRequest, response: Token },
  listAgents: { ...t.listAgents, query: AgentListQuery, response: Page(Agent).meta({ id: 'AgentPage' }) },
  getAgent: { ...t.getAgent, params: IdParams, response: Agent },
  patchAgent: { ...t.patchAgent, params: IdParams, body: AgentPatch, response: Agent },
  listCalls: { ...t.listCalls, query: CallListQuery, response: Page(Call).meta({ id: 'CallPage' }) },
  getCall: { ...t.getCall, params: IdParams, response: Call },
  createCall: { ...t.createCall, body: CallCreate, response: Call },
  getRecording: { ...t.getRecording, params: IdParams, response: Recording },
  getTranscript: { ...t.getTranscript, params: IdParams, response: Transcript },
  createCampaign: { ...t.createCampaign, body: CampaignCreate, response: Campaign },
  getCampaign: { ...t.getCampaign, params: IdParams, response: Campaign },
  changeCampaignStatus: { ...t.changeCampaignStatus, params: IdParams, body: CampaignStatusChange, response: Campaign },
  bulkCalls: { ...t.bulkCalls, body: BulkCallCreate, response: BulkCallResult },
} as const satisfies Record<RouteName, RouteDef>;

/** Finds the route a method and a path (without query) belong to, with its schemas and raw path params. */
export function matchRoute(method: string, path: string): { name: RouteName; route: RouteDef; params: Record<string, string> } | null {
  const found = matchRouteName(method, path);
  return found ? { ...found, route: ROUTES[found.name] } : null;
}
