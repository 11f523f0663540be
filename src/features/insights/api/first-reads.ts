/**
 * Insights' read of the call index: one builder for its query function and for the cold load's
 * early start of it (ADR 0030). Framework-free: the entry imports this before the rest of the
 * console has loaded.
 */
import { INDEX_QUERY_PARAM_NAMES, INDEX_ROUTES } from '@contract/bff/index.plain';
import type { SessionRead } from '@/lib/early-reads';
import { browserTimeZone } from '@/lib/time/format';
import { parseInsightsSearch, toInsightsQuery, type InsightsQuery } from '../model/search-params';

/** GET /bff/index/insights for this query. */
export function insightsUrl(query: InsightsQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(INDEX_QUERY_PARAM_NAMES[key as keyof InsightsQuery], value);
  return `${INDEX_ROUTES.insights}?${params}`;
}

/**
 * The read a cold load of Insights starts before the code has run: its search as the route
 * validates it, in the display zone the session's preferences name (else the browser's), as the
 * route's loader asks it.
 */
export const earlyInsightsReads = (rawSearch: Record<string, unknown>): SessionRead[] => [
  (bootstrap) => insightsUrl(toInsightsQuery(parseInsightsSearch(rawSearch), bootstrap.preferences?.timeZone ?? browserTimeZone())),
];
