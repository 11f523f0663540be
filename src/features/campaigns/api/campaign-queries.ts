/** Reads: the BFF's registry, one campaign's live state, its calls, and the agents a campaign may use. */
import { queryOptions } from '@tanstack/react-query';
import type { RegistryPage } from '@contract/bff/http';
import { LIMITS } from '@contract/limits';
import { QUERY_PARAM_NAMES } from '@contract/query-params';
import type { Agent } from '@contract/schemas/agent';
import type { Call } from '@contract/schemas/call';
import type { Campaign } from '@contract/schemas/campaign';
import type { PageOf } from '@contract/schemas/page';
import { apiRequest, bffRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

export function registryQueryOptions(page: number, size: number) {
  return queryOptions({
    queryKey: campaignKeys.registry(page, size),
    queryFn: () => bffRequest<RegistryPage>('GET', `/bff/campaigns?page=${page}&size=${size}`),
  });
}

export function campaignQueryOptions(id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest<Campaign>('GET', `/v1/campaigns/${id}`, { signal })).data,
  });
}

/** Enough pages to cover a campaign's calls with retries; the chart says when it stopped short. */
const MAX_CALL_PAGES = 30;

export interface CampaignCalls {
  calls: Call[];
  total: number;
}

export function campaignCallsQueryOptions(name: string) {
  return queryOptions({
    queryKey: campaignKeys.calls(name),
    queryFn: async ({ signal }): Promise<CampaignCalls> => {
      const calls: Call[] = [];
      let total = 0;
      for (let page = LIMITS.page.min; page < LIMITS.page.min + MAX_CALL_PAGES; page += 1) {
        const query = new URLSearchParams({
          [QUERY_PARAM_NAMES.campaignName]: name,
          [QUERY_PARAM_NAMES.page]: String(page),
          [QUERY_PARAM_NAMES.size]: String(LIMITS.pageSize.max),
          [QUERY_PARAM_NAMES.sort]: 'startTime,DESC',
        });
        const { data } = await apiRequest<PageOf<Call>>('GET', '/v1/calls', {
          query,
          signal,
        });
        calls.push(...data.content);
        total = data.totalElements;
        if (page >= data.totalPages) break;
      }
      return { calls, total };
    },
    refetchInterval: 15_000,
  });
}

/** Every outbound agent (all pages); the wizard offers only the active, unarchived ones. */
export function outboundAgentsQueryOptions() {
  return queryOptions({
    queryKey: campaignKeys.outboundAgents(),
    queryFn: async ({ signal }) => {
      const agents: Agent[] = [];
      for (let page = LIMITS.page.min; page < LIMITS.page.min + 20; page += 1) {
        const query = new URLSearchParams({
          [QUERY_PARAM_NAMES.agentType]: 'OUTBOUND',
          [QUERY_PARAM_NAMES.page]: String(page),
          [QUERY_PARAM_NAMES.size]: String(LIMITS.pageSize.max),
        });
        const { data } = await apiRequest<PageOf<Agent>>('GET', '/v1/agents', {
          query,
          signal,
        });
        agents.push(...data.content);
        if (page >= data.totalPages) break;
      }
      return agents;
    },
    staleTime: 60_000,
  });
}

export function isCallableAgent(agent: Agent): boolean {
  return agent.type === 'OUTBOUND' && agent.active && !agent.archived;
}
