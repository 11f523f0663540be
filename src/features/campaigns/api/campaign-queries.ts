/** Reads: one campaign's live state and its calls (the registry and the agents: src/lib/shared-queries). */
import { queryOptions } from '@tanstack/react-query';
import { INDEX_ROUTES } from '@contract/bff/index.plain';
import type { CampaignProgressList } from '@contract/bff/index';
import { LIMITS } from '@contract/limits';
import { QUERY_PARAM_NAMES } from '@contract/queries.plain';
import type { Call } from '@contract/schemas/call';
import type { Campaign } from '@contract/schemas/campaign';
import type { PageOf } from '@contract/schemas/page';
import { apiRequest, bffRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

export function campaignQueryOptions(id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest<Campaign>('GET', `/v1/campaigns/${id}`, { signal })).data,
  });
}

/**
 * The progress of a page of registry campaigns from the call index: one request (one query in the
 * BFF) for the whole page, however many campaigns it lists.
 */
export function campaignProgressQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: campaignKeys.progress(ids),
    queryFn: () => bffRequest<CampaignProgressList>('GET', `${INDEX_ROUTES.campaigns}?${new URLSearchParams(ids.map((id) => ['id', id]))}`),
    enabled: ids.length > 0,
    staleTime: 30_000,
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
