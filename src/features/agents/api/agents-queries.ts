/** Reads of the agents screens: fetchers beside their queryOptions (loaders and components share them). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Agent } from '@contract/schemas/agent';
import type { PageOf } from '@contract/schemas/page';
import { apiRequest } from '@/lib/api-client';
import type { AgentsSearch } from '../model/search-params';
import { agentsListRead } from './first-reads';
import { agentKeys } from './keys';

export function fetchAgentsPage(search: AgentsSearch, signal?: AbortSignal): Promise<PageOf<Agent>> {
  const read = agentsListRead(search);
  return apiRequest<PageOf<Agent>>('GET', read.path, { query: read.query, signal }).then((r) => r.data);
}

export function fetchAgent(id: string, signal?: AbortSignal): Promise<Agent> {
  return apiRequest<Agent>('GET', `/v1/agents/${encodeURIComponent(id)}`, { signal }).then((r) => r.data);
}

export const agentsListQueryOptions = (search: AgentsSearch) =>
  queryOptions({
    queryKey: agentKeys.list(search),
    queryFn: ({ signal }) => fetchAgentsPage(search, signal),
    // Another page, sort or type keeps this one on screen while it is read (the focus stays where it was).
    placeholderData: keepPreviousData,
  });

export const agentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(id),
    queryFn: ({ signal }) => fetchAgent(id, signal),
  });
