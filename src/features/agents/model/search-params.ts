/** The agents list's state in the URL: type filter, page, page size, sort. */
import { LIMITS } from '@contract/limits';
import { AGENT_SORT_PROPERTIES, AGENT_TYPES, DEFAULT_AGENT_SORT, parseSort, QUERY_PARAM_NAMES, sortPattern, type SortDirection } from '@contract/queries.plain';
import { intParam, matchParam, oneOfParam } from '@/lib/search-params';

export const AGENT_PAGE_SIZES = [10, 20, 50, LIMITS.pageSize.max] as const;

export interface AgentsSearch {
  type?: (typeof AGENT_TYPES)[number];
  page: number;
  size: number;
  sort: string;
}

const SORT = sortPattern(AGENT_SORT_PROPERTIES);

/** Anything invalid in a pasted URL falls back to its default instead of failing the page. */
export function parseAgentsSearch(raw: Record<string, unknown>): AgentsSearch {
  return {
    type: oneOfParam(raw.type, AGENT_TYPES, undefined),
    page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default),
    size: intParam(raw.size, LIMITS.pageSize.min, LIMITS.pageSize.max, LIMITS.pageSize.default),
    sort: matchParam(raw.sort, SORT, DEFAULT_AGENT_SORT),
  };
}

export type AgentSortProperty = (typeof AGENT_SORT_PROPERTIES)[number];

export function agentSort(search: Pick<AgentsSearch, 'sort'>): { property: AgentSortProperty; direction: SortDirection } {
  const { property, direction } = parseSort(search.sort);
  return { property: property as AgentSortProperty, direction };
}

/** The upstream query for a list search, with the contract's parameter names. */
export function toAgentQuery(search: AgentsSearch): URLSearchParams {
  const q = new URLSearchParams();
  q.set(QUERY_PARAM_NAMES.page, String(search.page));
  q.set(QUERY_PARAM_NAMES.size, String(search.size));
  q.set(QUERY_PARAM_NAMES.sort, search.sort);
  if (search.type) q.set(QUERY_PARAM_NAMES.agentType, search.type);
  return q;
}
