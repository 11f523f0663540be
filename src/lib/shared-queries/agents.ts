/**
 * Every agent of the account, read once for every screen that names or offers agents. Agents are
 * few, so all pages are read at the largest size; a rename invalidates `agentsRoot` and so this.
 */
import { queryOptions } from '@tanstack/react-query';
import { isCallableAgent } from '@contract/agent-rules.plain';
import { LIMITS } from '@contract/limits';
import type { Agent } from '@contract/schemas/agent';
import type { PageOf } from '@contract/schemas/page';
import { apiRequest } from '../api-client';
import { allAgentsPageRead } from './agents-reads';
import { agentsRoot } from './keys';

export const allAgentsKey = [...agentsRoot, 'all'] as const;

/** What the screens that only name or pick agents read of one. */
export type AgentSummary = Pick<Agent, 'id' | 'name' | 'type' | 'active' | 'archived'>;

async function fetchAllAgents(signal?: AbortSignal): Promise<Agent[]> {
  const out: Agent[] = [];
  for (let page = LIMITS.page.min; ; page++) {
    const { path, query } = allAgentsPageRead(page);
    const { data } = await apiRequest<PageOf<Agent>>('GET', path, { query, signal });
    out.push(...data.content);
    if (page >= data.totalPages) return out;
  }
}

export const allAgentsQueryOptions = () =>
  queryOptions({
    queryKey: allAgentsKey,
    queryFn: ({ signal }) => fetchAllAgents(signal),
    staleTime: 60_000,
  });

/** For `select`: the agents that may place calls (contract/agent-rules.plain.ts). */
export const callableAgents = (agents: Agent[]): Agent[] => agents.filter(isCallableAgent);
