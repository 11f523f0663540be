/**
 * The call index's BFF routes, query parameter names and limits as plain data (no zod), so the
 * SPA's first chunk can read and write an index URL without loading the schemas; `index.ts` builds
 * the schemas from these same values.
 */
export { STATUS_GROUPS, STATUS_GROUP_OF, STATUS_GROUP_STATUSES, STATUS_GROUP_LABELS, type StatusGroup } from '../status-groups';

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
 * Query parameter names of GET /bff/index/calls. The first block is the upstream list's, with the
 * same names and rules (so a calls-list URL works on either source); the rest exist on the index only.
 * Multi-valued ones repeat the name (`status=NO_ANSWER&status=VOICE_BOX`); `status` also takes a
 * comma-separated list.
 */
export const INDEX_QUERY_PARAM_NAMES = {
  page: 'page',
  size: 'size',
  sort: 'sort',
  agentId: 'agentId',
  phone: 'phone',
  campaignName: 'campaignName',
  /** Inclusive dates on startTime, in `tz` (UTC when absent: the upstream's rule). Both or neither. */
  from: 'from',
  to: 'to',
  /** IANA zone the dates (and Insights buckets) are read in; default UTC. */
  tz: 'tz',
  /** Exact window on startTime, UTC `yyyy-MM-ddTHH:mm:ssZ`: from inclusive, before exclusive (hour bars). */
  startedFrom: 'startedFrom',
  startedBefore: 'startedBefore',
  /** One or more CallStatus (any of them). */
  status: 'status',
  hasRecording: 'hasRecording',
  /** Inclusive bounds on duration in seconds. */
  minDuration: 'minDuration',
  maxDuration: 'maxDuration',
  /** `name=value` of a classifier; repeated: all must hold. */
  classifier: 'classifier',
  /** `path=value` of extracted data, path dotted for groups (`address.city=Paris`); repeated: all hold. */
  extracted: 'extracted',
  /** A tag the call carries; repeated: all of them. */
  tag: 'tag',
  /** Transcript events (calls whose transcript is indexed): `true` or `false`. */
  answeringMachine: 'answeringMachine',
  transfer: 'transfer',
  /** Calls hung up within N seconds of being answered. */
  hangUpWithin: 'hangUpWithin',
  /** Transcript text, web-search syntax: words, "a phrase", -exclusion, OR. */
  q: 'q',
  /** The id of a QA check or category (docs/review.md) that flagged the call; repeated: all of them. */
  check: 'check',
  /** The id of an outcome (docs/outcomes.md) the call met; repeated: all of them. */
  outcome: 'outcome',
  /** `true`: count every match (the total otherwise stops at INDEX_LIMITS.totalCap). */
  exactTotal: 'exactTotal',
} as const;
export type IndexQueryParam = keyof typeof INDEX_QUERY_PARAM_NAMES;

/** The filters only the index can answer: when one is set the calls list reads from the index. */
export const INDEX_ONLY_PARAMS = [
  'tz',
  'startedFrom',
  'startedBefore',
  'status',
  'hasRecording',
  'minDuration',
  'maxDuration',
  'classifier',
  'extracted',
  'tag',
  'answeringMachine',
  'transfer',
  'hangUpWithin',
  'q',
  'check',
  'outcome',
] as const satisfies readonly IndexQueryParam[];

export const INDEX_LIMITS = {
  /** Transcript search text, characters. Longer: 400 on `q`. */
  qMaxLength: 500,
  /** Each `classifier`, `extracted`, `tag` value, characters. */
  filterValueMaxLength: 300,
  /** How many `classifier`, `extracted` or `tag` filters one query may carry. */
  repeatedFiltersMax: 10,
  /** Segments of an `extracted` path. */
  extractedPathMaxDepth: 8,
  /** Duration bounds, seconds. */
  durationMax: 86_400,
  hangUpWithinMax: 3_600,
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
