/** Insights' reads: the aggregate of the call index for a range, beside its queryOptions. */
import { queryOptions } from '@tanstack/react-query';
import type { Insights } from '@contract/bff/index';
import type { OutcomeCounts } from '@contract/bff/outcomes';
import type { AgentScores, CategoryCounts } from '@contract/bff/review';
import { bffRequest } from '@/lib/api-client';
import { outcomesRoot } from '@/lib/shared-queries/keys';
import type { InsightsQuery } from '../model/search-params';
import { insightsUrl } from './first-reads';

export const insightsKeys = {
  all: ['insights'] as const,
  overview: (query: InsightsQuery) => [...insightsKeys.all, 'overview', query] as const,
  reviewScores: (query: InsightsQuery) => [...insightsKeys.all, 'review-scores', query] as const,
  categories: (query: InsightsQuery) => [...insightsKeys.all, 'categories', query] as const,
  /** Under the outcomes' root: defining or removing an outcome (which invalidates that root) reaches it. */
  outcomes: (query: InsightsQuery) => [...outcomesRoot, 'counts', query] as const,
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

/** The range and the agent and campaign filters, as the categories and outcomes reads take them. */
function rangeParams(query: InsightsQuery): URLSearchParams {
  const params = new URLSearchParams({ from: query.from, to: query.to, tz: query.tz });
  if (query.agentId) params.set('agentId', query.agentId);
  if (query.campaignName) params.set('campaignName', query.campaignName);
  return params;
}

/** Calls each category (a phrase-set check, docs/review.md) marked in the range, with the agent and campaign filters. */
export const categoryCountsQueryOptions = (query: InsightsQuery) =>
  queryOptions({
    queryKey: insightsKeys.categories(query),
    queryFn: () => bffRequest<CategoryCounts>('GET', `/bff/review/categories?${rangeParams(query)}`),
    refetchInterval: 30_000,
  });

/** Calls each outcome (docs/outcomes.md) counted in the range, with its rate, with the agent and campaign filters. */
export const outcomeCountsQueryOptions = (query: InsightsQuery) =>
  queryOptions({
    queryKey: insightsKeys.outcomes(query),
    queryFn: () => bffRequest<OutcomeCounts>('GET', `/bff/outcomes/counts?${rangeParams(query)}`),
    refetchInterval: 30_000,
  });
