/**
 * The calls list's URL search params. They mirror the upstream CallListQuery (the contract is the
 * source of truth) so a view is just its URL; `toUpstreamQuery` maps them to the upstream's names.
 */
import { z } from 'zod';
import { CallListQuery, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES } from '@contract/queries';
import { LIMITS } from '@contract/limits';

/** Search params as they may arrive from a shared URL: invalid values fall back rather than crash. */
export const CallsSearch = z.object({
  page: CallListQuery.shape.page.catch(LIMITS.page.default),
  size: CallListQuery.shape.size.catch(LIMITS.pageSize.default),
  sort: CallListQuery.shape.sort.catch(DEFAULT_CALL_SORT),
  agentId: CallListQuery.shape.agentId.catch(undefined),
  phone: CallListQuery.shape.phone.catch(undefined),
  campaignName: CallListQuery.shape.campaignName.catch(undefined),
  from: CallListQuery.shape.from.catch(undefined),
  to: CallListQuery.shape.to.catch(undefined),
});
export type CallsSearch = z.infer<typeof CallsSearch>;

/** Parses raw search params; a lone `from` or `to` is dropped because the upstream needs both. */
export function parseCallsSearch(raw: Record<string, unknown>): CallsSearch {
  const search = CallsSearch.parse(raw);
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
