/** Insights' reads: the aggregate of the call index for a range, beside its queryOptions. */
import { queryOptions } from '@tanstack/react-query';
import type { Insights } from '@contract/bff/index';
import type { AgentScores } from '@contract/bff/review';
import { bffRequest } from '@/lib/api-client';
import type { InsightsQuery } from '../model/search-params';
import { insightsUrl } from './first-reads';

export const insightsKeys = {
  all: ['insights'] as const,
  overview: (query: InsightsQuery) => [...insightsKeys.all, 'overview', query] as const,
  reviewScores: (query: InsightsQuery) => [...insightsKeys.all, 'review-scores', query] as const,
};

export const insightsQueryOptions = (query: InsightsQuery) =>
  queryOptions({
    queryKey: insightsKeys.overview(query),
    queryFn: () => bffRequest<Insights>('GET', insightsUrl(query)),
    // The index moves on by itself: figures are refreshed while the page is open.
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });

/** QA review scores per agent for the range (reviews are the BFF's own data). */
export const reviewScoresQueryOptions = (query: InsightsQuery) =>
  queryOptions({
    queryKey: insightsKeys.reviewScores(query),
    queryFn: () => {
      const params = new URLSearchParams({ from: query.from, to: query.to, tz: query.tz });
      if (query.agentId) params.set('agentId', query.agentId);
      return bffRequest<AgentScores>('GET', `/bff/review/scores?${params}`);
    },
  });
