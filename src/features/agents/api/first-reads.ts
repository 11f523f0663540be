/**
 * The agents list's upstream read: one builder for its query function and for the cold load's early
 * start of it (ADR 0030). Framework-free: the entry imports this before the rest of the console.
 */
import type { ProxyRead } from '@/lib/early-reads';
import { parseAgentsSearch, toAgentQuery, type AgentsSearch } from '../model/search-params';

/** GET /v1/agents for this search. */
export const agentsListRead = (search: AgentsSearch): ProxyRead => ({ path: '/v1/agents', query: toAgentQuery(search) });

/** The read a cold load of /agents starts before the code has run: its search as the route validates it. */
export const earlyAgentsReads = (rawSearch: Record<string, unknown>): ProxyRead[] => [agentsListRead(parseAgentsSearch(rawSearch))];
