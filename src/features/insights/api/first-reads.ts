/**
 * Insights' read of the call index: one builder for its query function and for the cold load's
 * early start of it (ADR 0030). Framework-free: the entry imports this before the rest of the
 * console has loaded.
 */
import { INDEX_QUERY_PARAM_NAMES, INDEX_ROUTES } from '@contract/bff/index.plain';
import { LIMITS } from '@contract/limits';
import type { EarlyRead } from '@/lib/early-reads';
import { allAgentsPageRead } from '@/lib/shared-queries/agents-reads';
import { displayZoneOf } from '@/lib/time/format';
import { parseInsightsSearch, toInsightsQuery, type InsightsQuery } from '../model/search-params';

/** GET /bff/index/insights for this query. */
export function insightsUrl(query: InsightsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(INDEX_QUERY_PARAM_NAMES[key as keyof InsightsQuery], value);
  return `${INDEX_ROUTES.insights}?${params}`;
}

/**
 * The reads a cold load of Insights starts before the code has run, as the route's loader asks
 * them: the index's figures for its search as the route validates it, in the display zone the
 * session's preferences name (else the browser's), and the first page of every agent.
 */
export const earlyInsightsReads = (rawSearch: Record<string, unknown>): EarlyRead[] => [
  (bootstrap) => insightsUrl(toInsightsQuery(parseInsightsSearch(rawSearch), displayZoneOf(bootstrap.preferences))),
  // The route also waits for the agents' names (the shared read of every agent): its first page.
  allAgentsPageRead(LIMITS.page.min),
];
