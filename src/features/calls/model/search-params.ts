/**
 * The calls list's URL search params. They mirror the upstream CallListQuery (the contract is the
 * source of truth) so a view is just its URL; `toUpstreamQuery` maps them to the upstream's names.
 */
import { CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES, sortPattern } from '@contract/queries.plain';
import { LIMITS } from '@contract/limits';
import { intParam, matchParam, PATTERNS, textParam } from '@/lib/search-params';

/** The calls list's state; each field follows the upstream CallListQuery's rule for it. */
export interface CallsSearch {
  page: number;
  size: number;
  sort: string;
  agentId?: string;
  phone?: string;
  campaignName?: string;
  from?: string;
  to?: string;
}

const SORT = sortPattern(CALL_SORT_PROPERTIES);

/**
 * Search params as they may arrive from a shared URL: an invalid value falls back to its default
 * (or is dropped) rather than crash; a lone `from` or `to` is dropped because the upstream needs both.
 */
export function parseCallsSearch(raw: Record<string, unknown>): CallsSearch {
  const search: CallsSearch = {
    page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default),
    size: intParam(raw.size, LIMITS.pageSize.min, LIMITS.pageSize.max, LIMITS.pageSize.default),
    sort: matchParam(raw.sort, SORT, DEFAULT_CALL_SORT),
    agentId: matchParam(raw.agentId, PATTERNS.uuid, undefined),
    phone: matchParam(raw.phone, PATTERNS.e164, undefined),
    campaignName: textParam(raw.campaignName),
    from: matchParam(raw.from, PATTERNS.isoDate, undefined),
    to: matchParam(raw.to, PATTERNS.isoDate, undefined),
  };
  if (!search.from || !search.to || search.from > search.to) {
    return { ...search, from: undefined, to: undefined };
  }
  return search;
}

/** Upstream query string params, named by QUERY_PARAM_NAMES; empty filters are left out. */
export function toUpstreamQuery(search: CallsSearch): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [keyof typeof QUERY_PARAM_NAMES, string | number | undefined][] = [
    ['page', search.page],
    ['size', search.size],
    ['sort', search.sort],
    ['agentId', search.agentId],
    ['phone', search.phone],
    ['campaignName', search.campaignName],
    ['from', search.from],
    ['to', search.to],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') params.set(QUERY_PARAM_NAMES[key], String(value));
  }
  return params;
}
