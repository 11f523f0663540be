/**
 * The upstream reads of the calls screens whose URLs are known from the address alone: one builder
 * for each, used by the screens' query functions and by the cold load's early start of them (ADR
 * 0030). Framework-free: the entry imports this before the rest of the console has loaded.
 */
import { LIMITS } from '@contract/limits';
import type { ProxyRead } from '@/lib/early-reads';
import { PATTERNS } from '@/lib/search-params';
import { allAgentsPageRead } from '@/lib/shared-queries/agents-reads';
import { parseCallsSearch, toUpstreamQuery, usesIndex, type CallsSearch } from '../model/search-params';

/** GET /v1/calls for this search, its dates already the UTC dates to ask. */
export function upstreamListRead(search: CallsSearch): ProxyRead {
  return { path: '/v1/calls', query: toUpstreamQuery(search) };
}

/** GET /v1/calls/{id}. */
export const callRead = (id: string): ProxyRead => ({ path: `/v1/calls/${id}` });

/** GET /v1/calls/{id}/transcript. */
export const transcriptRead = (id: string): ProxyRead => ({ path: `/v1/calls/${id}/transcript` });

/**
 * The reads a cold load of /calls can start before the code has run: the list's, its search as the
 * route validates it, read from the upstream with no dates (dates are days in the display zone, and
 * index filters are the index's; those pages are read once the console has loaded); and the first
 * page of every agent, whose names the rows show, whatever the search.
 */
export function earlyListReads(rawSearch: Record<string, unknown>): ProxyRead[] {
  const search = parseCallsSearch(rawSearch);
  const agents = allAgentsPageRead(LIMITS.page.min);
  if (usesIndex(search) || search.from || search.to) return [agents];
  return [upstreamListRead(search), agents];
}

/**
 * A cold review's reads, as its route's loader asks them: the call and its transcript (a call id is
 * a UUID); and the first page of every agent, whose name the facts show.
 */
export function earlyReviewReads(callId: string): ProxyRead[] {
  return PATTERNS.uuid.test(callId) ? [callRead(callId), transcriptRead(callId), allAgentsPageRead(LIMITS.page.min)] : [];
}
