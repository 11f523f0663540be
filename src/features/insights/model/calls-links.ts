/**
 * Every Insights figure and bar opens the calls list filtered to exactly the calls it counts. The
 * list is another feature's screen, so this builds its URL (the search param names are the index
 * route's, contract/bff/index.plain.ts) and the router resolves it. Each link pins the zone, so
 * the list reads from the index with the same query the figure came from: the same count.
 */
import { defaultStringifySearch } from '@tanstack/react-router';
import { STATUS_GROUP_STATUSES, type StatusGroup } from '@contract/bff/index.plain';
import type { DurationBucket, SeriesPoint } from '@contract/bff/index';
import type { InsightsQuery } from './search-params';

export type CallsLinkSearch = Record<string, string | number | string[] | undefined>;

export function callsHref(search: CallsLinkSearch): string {
  const clean = Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined));
  return `/calls${defaultStringifySearch(clean)}`;
}

/** The calls of the range (and the agent/campaign filters). */
export function rangeSearch(query: InsightsQuery, extra: CallsLinkSearch = {}): CallsLinkSearch {
  return { from: query.from, to: query.to, tz: query.tz, agentId: query.agentId, campaignName: query.campaignName, ...extra };
}

/** The calls of the range in one status group. */
export function groupSearch(query: InsightsQuery, group: StatusGroup, extra: CallsLinkSearch = {}): CallsLinkSearch {
  return rangeSearch(query, { status: [...STATUS_GROUP_STATUSES[group]], ...extra });
}

/** Failure share, no-answer share and reached share each count one group. */
export const SHARE_GROUPS = { reachedShare: 'reached', noAnswerShare: 'noAnswer', failureShare: 'failed' } as const satisfies Record<string, StatusGroup>;

/** The calls in progress now (whatever the range), for the agent/campaign filters. */
export function inProgressSearch(query: InsightsQuery): CallsLinkSearch {
  return { agentId: query.agentId, campaignName: query.campaignName, status: [...STATUS_GROUP_STATUSES.inProgress] };
}

/** One bar of the calls chart: its bucket's exact window and one group. */
export function seriesSearch(query: InsightsQuery, point: Pick<SeriesPoint, 'start' | 'end'>, group: StatusGroup): CallsLinkSearch {
  return {
    startedFrom: point.start,
    startedBefore: point.end,
    tz: query.tz,
    agentId: query.agentId,
    campaignName: query.campaignName,
    status: [...STATUS_GROUP_STATUSES[group]],
  };
}

/** One bar of the durations chart: reached calls with a duration in the bucket's bounds. */
export function durationSearch(query: InsightsQuery, bucket: Pick<DurationBucket, 'minSeconds' | 'maxSeconds'>): CallsLinkSearch {
  return groupSearch(query, 'reached', { minDuration: bucket.minSeconds, maxDuration: bucket.maxSeconds ?? undefined });
}

/** One bar of a classifier's chart: the calls classified with that value. */
export function classifierSearch(query: InsightsQuery, name: string, value: string): CallsLinkSearch {
  return rangeSearch(query, { classifier: [`${name}=${value}`] });
}

/** An outcome's calls of the range: those that met it (`outcome=<id>`). */
export function outcomeSearch(query: InsightsQuery, outcomeId: number): CallsLinkSearch {
  return rangeSearch(query, { outcome: [String(outcomeId)] });
}

/**
 * An outcome rate's base: the range's calls of the outcome's agent or campaign (a filter of the page
 * on the other one stays). Only linked when that base holds calls, so it never overrides the page's
 * filter with another agent or campaign.
 */
export function outcomeBaseSearch(query: InsightsQuery, attached: { agentId: string | null; campaignName: string | null }): CallsLinkSearch {
  return rangeSearch(query, attached.agentId ? { agentId: attached.agentId } : { campaignName: attached.campaignName ?? undefined });
}
