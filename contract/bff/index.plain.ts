/**
 * The call index's BFF routes, query parameter names and limits as plain data (no zod), so the
 * SPA's first chunk can read and write an index URL without loading the schemas; `index.ts` builds
 * the schemas from these same values. The calls search's filters are one table of their own
 * (index-filters.plain.ts, re-exported here).
 */
import { FILTER_ROWS, SEARCH_FILTERS, SEARCH_FILTER_KEYS, type FilterKey, type IndexOnlyKey } from './index-filters.plain';

export { STATUS_GROUPS, STATUS_GROUP_OF, STATUS_GROUP_STATUSES, STATUS_GROUP_LABELS, type StatusGroup } from '../status-groups';
export * from './index-filters.plain';

export const INDEX_ROUTES = {
  /** GET: calls from the index (IndexSearchQuery -> IndexCallPage). */
  calls: '/bff/index/calls',
  /** GET: the Insights aggregate (InsightsQuery -> Insights). */
  insights: '/bff/index/insights',
  /** GET: per-campaign progress for the registry's campaigns (CampaignProgressQuery -> CampaignProgressList). */
  campaigns: '/bff/index/campaigns',
  /** GET: how fresh and complete the index is (IndexStatus). */
  status: '/bff/index/status',
} as const;

/**
 * Query parameter names of GET /bff/index/calls: paging and sort, then the filters of the table
 * (index-filters.plain.ts, where each is described), then `exactTotal`. The upstream list's
 * filters keep its names and rules (so a calls-list URL works on either source). Multi-valued ones
 * repeat the name (`status=NO_ANSWER&status=VOICE_BOX`); `status` also takes a comma-separated list.
 */
export const INDEX_QUERY_PARAM_NAMES = {
  page: 'page',
  size: 'size',
  sort: 'sort',
  ...(Object.fromEntries(SEARCH_FILTER_KEYS.map((key) => [key, key])) as { readonly [K in FilterKey]: K }),
  /** `true`: count every match (the total otherwise stops at the BFF's cap, INDEX_COUNT_CAP). */
  exactTotal: 'exactTotal',
} as const;
export type IndexQueryParam = keyof typeof INDEX_QUERY_PARAM_NAMES;

/** The filters only the index can answer (the table's rows but the upstream's): when one is set the calls list reads from the index. */
export const INDEX_ONLY_PARAMS = FILTER_ROWS.filter((f) => f.index).flatMap((f) => f.keys) as readonly IndexOnlyKey[];

export const INDEX_LIMITS = {
  /** Transcript search text, characters (the `q` row's limit). Longer: 400 on `q`. */
  qMaxLength: SEARCH_FILTERS.q.max,
  /** Insights ranges longer than this: 400 on `to`. */
  insightsMaxDays: 366,
  /** Ranges of at most this many calendar days are bucketed per hour, longer ones per day. */
  hourlyMaxDays: 2,
  /** Buckets of one Insights answer at most (issue 28 §3): hourly buckets asked for over ~41 days and more are a 400 on `bucket`. */
  insightsMaxBuckets: 1_000,
  /** Campaign ids per progress request. */
  campaignIdsMax: 100,
} as const;

/** Lower edges of the duration histogram's buckets, seconds; the last bucket is open-ended. */
export const DURATION_BUCKET_EDGES = [0, 15, 30, 60, 120, 180, 300, 600, 900, 1800] as const;

/** Insights time series granularity; chosen from the range length unless asked for. */
export const INSIGHTS_BUCKETS = ['day', 'hour'] as const;
export type InsightsBucket = (typeof INSIGHTS_BUCKETS)[number];
