/** The agents list's state in the URL: type filter, page, page size, sort. */
import { z } from 'zod';
import { AgentType } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import { AGENT_SORT_PROPERTIES, DEFAULT_AGENT_SORT, parseSort, QUERY_PARAM_NAMES, type SortDirection } from '@contract/queries';

export const AGENT_PAGE_SIZES = [10, 20, 50, LIMITS.pageSize.max] as const;

const sortPattern = new RegExp(`^(${AGENT_SORT_PROPERTIES.join('|')}),(ASC|DESC)$`);

/** Anything invalid in a pasted URL falls back to its default instead of failing the page. */
export const AgentsSearch = z.object({
  type: AgentType.optional().catch(undefined),
  page: z.coerce.number().int().min(LIMITS.page.min).catch(LIMITS.page.default).default(LIMITS.page.default),
  size: z.coerce.number().int().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).catch(LIMITS.pageSize.default).default(LIMITS.pageSize.default),
  sort: z.string().regex(sortPattern).catch(DEFAULT_AGENT_SORT).default(DEFAULT_AGENT_SORT),
});
export type AgentsSearch = z.infer<typeof AgentsSearch>;

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
