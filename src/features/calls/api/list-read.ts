/**
 * The upstream read behind a page of the calls list when only the upstream's filters are set, and
 * the cold load's early start of it (ADR 0030). Framework-free: the entry imports this before the
 * rest of the console has loaded.
 */
import type { ProxyRead } from '@/lib/early-reads';
import { parseCallsSearch, toUpstreamQuery, usesIndex, type CallsSearch } from '../model/search-params';

export const CALLS_LIST_PATH = '/v1/calls';

/** GET /v1/calls for this search, its dates already the UTC dates to ask. */
export function upstreamListRead(search: CallsSearch): ProxyRead {
  return { path: CALLS_LIST_PATH, query: toUpstreamQuery(search) };
}

/**
 * The list's read that a cold load of /calls can start before the code has run: its search as the
 * route validates it, read from the upstream with no dates (dates are days in the display zone, and
 * index filters are the index's; those pages are read once the console has loaded).
 */
export function earlyListReads(rawSearch: Record<string, unknown>): ProxyRead[] {
  const search = parseCallsSearch(rawSearch);
  if (usesIndex(search) || search.from || search.to) return [];
  return [upstreamListRead(search)];
}
