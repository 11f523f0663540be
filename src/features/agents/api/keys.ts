/** Query keys of the agents feature: one hierarchy, so a mutation invalidates by prefix. */
import { agentsRoot } from '@/lib/shared-queries/keys';
import type { AgentsSearch } from '../model/search-params';

export const agentKeys = {
  /** Shared with src/lib/shared-queries/agents.ts: invalidating it reaches every screen naming agents. */
  all: agentsRoot,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (search: AgentsSearch) => [...agentKeys.lists(), search] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (id: string) => [...agentKeys.details(), id] as const,
};
