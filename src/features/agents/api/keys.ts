/** Query keys of the agents feature: one hierarchy, so a mutation invalidates by prefix. */
import type { AgentsSearch } from '../model/search-params';

export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (search: AgentsSearch) => [...agentKeys.lists(), search] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (id: string) => [...agentKeys.details(), id] as const,
};
