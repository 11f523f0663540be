/** Reads of the calls screens: fetchers beside their queryOptions. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PageOf } from '@contract/schemas/page';
import type { Call } from '@contract/schemas/call';
import type { Agent } from '@contract/schemas/agent';
import { LIMITS } from '@contract/limits';
import type { RegistryPage } from '@contract/bff/http';
import { apiRequest, bffRequest } from '@/lib/api-client';
import { normaliseTranscript } from '../model/transcript';
import { toUpstreamQuery, type CallsSearch } from '../model/search-params';
import { callKeys } from './keys';

export function fetchCallsPage(search: CallsSearch, signal?: AbortSignal): Promise<PageOf<Call>> {
  return apiRequest<PageOf<Call>>('GET', '/v1/calls', { query: toUpstreamQuery(search), signal }).then((r) => r.data);
}

export const callsListQueryOptions = (search: CallsSearch) =>
  queryOptions({
    queryKey: callKeys.list(search),
    queryFn: ({ signal }) => fetchCallsPage(search, signal),
    placeholderData: (previous) => previous,
  });

export const callQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Call>('GET', `/v1/calls/${id}`, { signal }).then((r) => r.data),
  });

/**
 * The call as a cached list page holds it (the list's items are whole calls, as GET /v1/calls/{id}
 * answers), with when that page was read; undefined when no cached page has it.
 */
export function callFromLists(queryClient: QueryClient, id: string): { data: Call; updatedAt: number } | undefined {
  for (const [key, page] of queryClient.getQueriesData<PageOf<Call>>({ queryKey: callKeys.lists() })) {
    const call = page?.content.find((c) => c.id === id);
    if (call) return { data: call, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

export const transcriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKeys.transcript(id),
    // docs/api-assumptions.md: the array may come wrapped; normalise once, where it enters.
    queryFn: ({ signal }) => apiRequest<unknown>('GET', `/v1/calls/${id}/transcript`, { signal }).then((r) => normaliseTranscript(r.data)),
  });

export interface AgentSummary {
  id: string;
  name: string;
  type: Agent['type'];
  active: boolean;
  archived: boolean;
}

/** Every agent (they are few), by pages of the largest size, reduced to what the calls screens show. */
async function fetchAllAgents(signal?: AbortSignal): Promise<AgentSummary[]> {
  const out: AgentSummary[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), size: String(LIMITS.pageSize.max), sort: 'name,ASC' });
    const { data } = await apiRequest<PageOf<Agent>>('GET', '/v1/agents', { query, signal });
    for (const a of data.content) out.push({ id: a.id, name: a.name, type: a.type, active: a.active, archived: a.archived });
    if (page >= data.totalPages) return out;
  }
}

export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: callKeys.agents(),
    queryFn: ({ signal }) => fetchAllAgents(signal),
    staleTime: 5 * 60_000,
  });

/** Campaigns created through the BFF (the upstream lists none), for the optional campaign choice. */
export const campaignChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...callKeys.all, 'campaign-choices'] as const,
    queryFn: () => bffRequest<RegistryPage>('GET', `/bff/campaigns?page=1&size=${LIMITS.pageSize.max}`).then((r) => r.content),
    staleTime: 60_000,
  });
