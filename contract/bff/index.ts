/**
 * The call index's BFF API: query and answer shapes of GET /bff/index/{calls,insights,campaigns,
 * status}. Names and limits come from index.plain.ts (plain data the SPA's first chunk reads), the
 * calls search's filters from their table (index-filters.plain.ts: one schema builder per kind);
 * the upstream pieces (CallStatus, Call, formats, sort properties) from the upstream contract.
 * Every answer carries `indexedAt`: the upstream is fully reflected up to that instant.
 */
import { z } from 'zod';
import { CallStatus, TranscriptActor } from '../enums';
import { E164, Guid, IsoDate, UtcTimestamp, Uuid } from '../formats';
import { paging, queryInt, sortParam } from '../queries';
import { CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT } from '../queries.plain';
import { Call } from '../schemas/call';
import { Page } from '../schemas/page';
import { STATUS_GROUPS } from '../status-groups';
import { FILTER_ROWS, hasControlCharacter, isPair, type FilterKey, type FilterKind, type FilterRow, type KindOf, type RowOf } from './index-filters.plain';
import { INDEX_LIMITS, INSIGHTS_BUCKETS } from './index.plain';
import { TZ_ABOUT, zoneParam } from './tz';

export * from './index.plain';

// ---------- pieces ----------

/** Free text from a URL: bounded, and no control characters (PostgreSQL text cannot hold NUL). */
function text(max: number, what: string) {
  return z
    .string()
    .max(max, { error: `${what} is at most ${max} characters.` })
    .refine((s) => !hasControlCharacter(s), { error: `${what} may not contain control characters.` });
}

/** A query value that may arrive once or repeated; always an array. */
function many<T extends z.ZodType>(item: T, max: number, what: string, splitCommas = false) {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === '') return undefined;
      const list = (Array.isArray(v) ? v : [v]).map(String);
      return splitCommas ? list.flatMap((s) => s.split(',')).filter((s) => s !== '') : list;
    },
    z
      .array(item)
      .max(max, { error: `At most ${max} ${what}.` })
      .optional(),
  );
}

const QueryBool = z.enum(['true', 'false'], { error: 'Must be true or false.' }).transform((v) => v === 'true');

const Seconds = (max: number) =>
  queryInt({ whole: 'Must be a whole number of seconds.', min: 0, tooSmall: 'Must be 0 or more.', max, tooLarge: `Must be at most ${max}.` });

/** "A tag", "An outcome": one value of a repeated filter, named by its parameter. */
const one = (noun: string) => `${/^[aeiou]/.test(noun) ? 'An' : 'A'} ${noun}`;

/** A row id of the BFF's own: a QA check's (review_rules), an outcome's (outcomes). */
function rowId(f: RowOf<'ids'>) {
  const named = `${one(f.keys[0]!)} is named by its id (a whole number).`;
  return queryInt({ whole: named, min: 1, tooSmall: named, max: f.max, tooLarge: `No ${f.keys[0]} has so large an id.` });
}

/** `name=value` (or `path=value`), split at the first `=`. */
function pair(f: RowOf<'pairs'> | RowOf<'paths'>) {
  return text(f.max, `A ${f.keys[0]} filter`)
    .refine((s) => isPair(f, s), { error: `Write a ${f.keys[0]} filter as ${f.kind === 'paths' ? 'path.to.field' : 'name'}=value.` })
    .transform((s) => ({ name: s.slice(0, s.indexOf('=')), value: s.slice(s.indexOf('=') + 1) }));
}

/**
 * One schema builder per kind of filter (index-filters.plain.ts), from the row's limits and words;
 * the SPA's URL parser has one per kind too (search-params.ts), and index-filters.test.ts holds
 * the two to the same values.
 */
const KIND_SCHEMAS = {
  uuid: () => Uuid.optional(),
  e164: () => E164.optional(),
  date: () => IsoDate.optional(),
  instant: () => UtcTimestamp.optional(),
  zone: (f: RowOf<'zone'>) => zoneParam(f.max),
  text: (f: RowOf<'text'>) => (f.nonEmpty ? text(f.max, f.what).min(1) : text(f.max, f.what)).optional(),
  boolean: () => QueryBool.optional(),
  seconds: (f: RowOf<'seconds'>) => Seconds(f.max).optional(),
  statuses: (f: RowOf<'statuses'>) => many(CallStatus, f.repeat, 'statuses', true),
  texts: (f: RowOf<'texts'>) => many(text(f.max, one(f.keys[0]!)).min(1), f.repeat, `${f.keys[0]}s`),
  pairs: (f: RowOf<'pairs'>) => many(pair(f), f.repeat, `${f.keys[0]} filters`),
  /** The path's segments apart (groups of extractors nest). */
  paths: (f: RowOf<'paths'>) =>
    many(
      pair(f).transform((p) => ({ path: p.name.split('.'), value: p.value })),
      f.repeat,
      `${f.keys[0]} filters`,
    ),
  ids: (f: RowOf<'ids'>) => many(rowId(f), f.repeat, `${f.keys[0]}s`),
} satisfies { [K in FilterKind['kind']]: (f: RowOf<K>) => z.ZodType };

/**
 * The OpenAPI descriptions of some filter parameters: here rather than in their rows, so that the
 * SPA's first chunk (which holds the whole table) leaves them out.
 */
const FILTER_ABOUT: Partial<Record<FilterKey, string>> = {
  from: 'Inclusive date on startTime, in tz. Requires to.',
  to: 'Inclusive date on startTime, in tz. Requires from.',
  tz: TZ_ABOUT,
  startedFrom: 'startTime at or after this instant (UTC).',
  startedBefore: 'startTime before this instant (UTC).',
  q: 'Web-search syntax: words, "a phrase", -word, OR.',
  check: 'The id of a QA check or category that flagged the call (GET /bff/review/rules); repeated: all of them.',
  outcome: 'The id of an outcome the call met (GET /bff/outcomes); repeated: all of them.',
};

type FilterSchemas = { [K in FilterKey]: ReturnType<(typeof KIND_SCHEMAS)[KindOf<K>]> };

/** Each filter parameter's schema: its row's kind's, with the row's description of it. */
const FILTER_SCHEMAS = Object.fromEntries(
  FILTER_ROWS.flatMap((f) =>
    f.keys.map((key) => {
      const schema = (KIND_SCHEMAS[f.kind] as (row: FilterRow) => z.ZodType)(f);
      const about = FILTER_ABOUT[key as FilterKey];
      return [key, about ? schema.meta({ description: about }) : schema];
    }),
  ),
) as FilterSchemas;

export type ClassifierFilter = NonNullable<IndexSearch['classifier']>[number];
export type ExtractedFilter = NonNullable<IndexSearch['extracted']>[number];

/** Dates (inclusive, in tz) and exact instants must agree with each other; shared by both queries. */
function checkRange(q: { from?: string; to?: string; startedFrom?: string; startedBefore?: string }, ctx: z.RefinementCtx, required: boolean) {
  if (q.from && !q.to) ctx.addIssue({ code: 'custom', path: ['to'], input: q.to, message: '`to` is required when `from` is set.' });
  if (q.to && !q.from) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` is required when `to` is set.' });
  if (required && !q.from && !q.to) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: 'Give a date range: `from` and `to`.' });
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` must not be after `to`.' });
  if (q.startedFrom && q.startedBefore && q.startedFrom >= q.startedBefore)
    ctx.addIssue({ code: 'custom', path: ['startedFrom'], input: q.startedFrom, message: '`startedFrom` must be before `startedBefore`.' });
}

// ---------- GET /bff/index/calls ----------

/** The calls search: every upstream filter, the index's own, and the upstream list's paging and sort. */
export const IndexSearchQuery = z
  .strictObject({
    ...paging,
    sort: sortParam(CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT),
    ...FILTER_SCHEMAS,
    exactTotal: QueryBool.optional().meta({
      description:
        "Count every match, however many (slower). Without it the count stops at the BFF's cap (INDEX_COUNT_CAP, 1,000 by default) and totalExact says so.",
    }),
  })
  .superRefine((q, ctx) => {
    checkRange(q, ctx, false);
    if (q.minDuration !== undefined && q.maxDuration !== undefined && q.minDuration > q.maxDuration)
      ctx.addIssue({ code: 'custom', path: ['minDuration'], input: q.minDuration, message: '`minDuration` must not exceed `maxDuration`.' });
  });
/** What the server works with (parsed: arrays, booleans, numbers, split pairs). */
export type IndexSearch = z.output<typeof IndexSearchQuery>;
/** What a URL carries. */
export type IndexSearchInput = z.input<typeof IndexSearchQuery>;

/** A run of snippet text; `match` marks the words the search found. Plain text: never HTML. */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

/** Where the search text was found: the transcript line (index into the transcript array) and its time. */
export const TranscriptHit = z.object({
  line: z.int().min(0),
  time: UtcTimestamp,
  actor: TranscriptActor,
  snippet: z.array(SnippetPart),
});
export type TranscriptHit = z.infer<typeof TranscriptHit>;

/** A Call as the upstream sent it, plus what the index adds. */
export const IndexCallRow = Call.extend({
  /** The registry campaign the call was attributed to, when known. */
  campaignName: z.string().nullable(),
  /** Present when `q` was set. */
  hit: TranscriptHit.optional(),
});
export type IndexCallRow = z.infer<typeof IndexCallRow>;

const IndexedAt = z.string().nullable().meta({ description: 'ISO instant up to which the upstream is fully reflected; null before the first complete sync.' });

const CoveredFrom = z.string().nullable().meta({
  description:
    'ISO instant from which the index holds every upstream call (the first UTC day of its completed backfill); null while it backfills or when it does not sync. A window starting at or after it is answered exactly, up to indexedAt.',
});

export const IndexCallPage = Page(IndexCallRow).extend({
  indexedAt: IndexedAt,
  coveredFrom: CoveredFrom,
  totalExact: z.boolean().meta({
    description:
      'False when more calls match than the BFF counts (INDEX_COUNT_CAP, 1,000 by default): totalElements (and totalPages) then count the cap, a lower bound ("1,000+"); ask again with exactTotal=true for the exact figure.',
  }),
  transcriptsPending: z.int().min(0).optional().meta({
    description:
      'With a search text: the calls the other filters match whose transcript is not indexed yet (just ended, or still in progress), which the text cannot find yet.',
  }),
});
export type IndexCallPage = z.infer<typeof IndexCallPage>;

// ---------- GET /bff/index/insights ----------

/** The calls search's filters Insights takes: agent, campaign, dates, zone and window. */
const { agentId, campaignName, from, to, tz, startedFrom, startedBefore } = FILTER_SCHEMAS;
const insightsFilters = { agentId, campaignName, from, to, tz, startedFrom, startedBefore };

export const InsightsQuery = z
  .strictObject({
    ...insightsFilters,
    /** Default: hour when the range spans at most INDEX_LIMITS.hourlyMaxDays days, else day. */
    bucket: z.enum(INSIGHTS_BUCKETS).optional(),
  })
  .superRefine((q, ctx) => {
    checkRange(q, ctx, !q.startedFrom && !q.startedBefore);
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > INDEX_LIMITS.insightsMaxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], input: q.to, message: `A range is at most ${INDEX_LIMITS.insightsMaxDays} days.` });
    // The answer's size and its cost grow with its buckets: hourly ones only over a short range (day ones always fit).
    if (q.bucket === 'hour' && insightsHours(q) > INDEX_LIMITS.insightsMaxBuckets)
      ctx.addIssue({
        code: 'custom',
        path: ['bucket'],
        input: q.bucket,
        message: `Hourly buckets cover at most ${Math.floor(INDEX_LIMITS.insightsMaxBuckets / 24)} days: ask for day buckets over a longer range.`,
      });
  });

/** The hours an Insights query spans (its days, or its instants), for the bucket cap. */
function insightsHours(q: { from?: string; to?: string; startedFrom?: string; startedBefore?: string }): number {
  const days = q.from && q.to ? (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 : 0;
  const instants = q.startedFrom && q.startedBefore ? (Date.parse(q.startedBefore) - Date.parse(q.startedFrom)) / 3_600_000 : 0;
  return Math.max(days * 24, instants);
}
export type InsightsSearch = z.output<typeof InsightsQuery>;
export type InsightsSearchInput = z.input<typeof InsightsQuery>;

const Count = z.int().min(0);
const Share = z.number().min(0).max(1).nullable().meta({ description: 'Of the ended calls (in progress left out); null when none ended.' });
export const GroupCounts = z.object(Object.fromEntries(STATUS_GROUPS.map((g) => [g, Count])) as Record<(typeof STATUS_GROUPS)[number], typeof Count>);
export type GroupCounts = z.infer<typeof GroupCounts>;

/** The figures shown for the whole range and for each agent and campaign. */
export const Figures = z.object({
  total: Count,
  groups: GroupCounts,
  reachedShare: Share,
  noAnswerShare: Share,
  failureShare: Share,
  /** Of reached calls, seconds; null when none. */
  avgReachedSeconds: z.number().nullable(),
  p90ReachedSeconds: z.number().nullable(),
});
export type Figures = z.infer<typeof Figures>;

export const SeriesPoint = z.object({
  /** Bucket start (UTC instant); the bucket ends where the next starts. */
  start: UtcTimestamp,
  end: UtcTimestamp,
  /** The bucket as the zone reads it: `YYYY-MM-DD` or `YYYY-MM-DDTHH:00`. */
  label: z.string(),
  groups: GroupCounts,
});
export type SeriesPoint = z.infer<typeof SeriesPoint>;

/** Reached calls by duration; bounds inclusive, in seconds (maxSeconds null: open-ended). */
export const DurationBucket = z.object({ minSeconds: Count, maxSeconds: Count.nullable(), count: Count });
export type DurationBucket = z.infer<typeof DurationBucket>;

export const ClassifierBreakdown = z.object({ name: z.string(), values: z.array(z.object({ value: z.string(), count: Count })) });
export type ClassifierBreakdown = z.infer<typeof ClassifierBreakdown>;

export const AgentFigures = Figures.extend({ agentId: Guid });
export type AgentFigures = z.infer<typeof AgentFigures>;
export const CampaignFigures = Figures.extend({ campaignName: z.string(), campaignId: Guid.nullable() });
export type CampaignFigures = z.infer<typeof CampaignFigures>;

export const Insights = z.object({
  indexedAt: IndexedAt,
  range: z.object({
    from: IsoDate.nullable(),
    to: IsoDate.nullable(),
    tz: z.string(),
    bucket: z.enum(INSIGHTS_BUCKETS),
    /** The UTC window the range covers (start inclusive, end exclusive). */
    start: UtcTimestamp,
    end: UtcTimestamp,
  }),
  totals: Figures,
  /** Calls IN_PROGRESS now, for the agent/campaign filters, whatever the range. */
  inProgressNow: Count,
  series: z.array(SeriesPoint),
  durations: z.array(DurationBucket),
  classifiers: z.array(ClassifierBreakdown),
  agents: z.array(AgentFigures),
  campaigns: z.array(CampaignFigures),
});
export type Insights = z.infer<typeof Insights>;

// ---------- GET /bff/index/campaigns ----------

export const CampaignProgressQuery = z.strictObject({
  /** Registry campaign ids; absent: every campaign in the registry. */
  id: many(Uuid, INDEX_LIMITS.campaignIdsMax, 'campaign ids'),
});
export type CampaignProgressSearch = z.output<typeof CampaignProgressQuery>;

export const CampaignProgress = z.object({
  campaignId: Guid,
  campaignName: z.string(),
  /** Calls of the campaign in the index (all time: the backfill window bounds it). */
  calls: Count,
  groups: GroupCounts,
  /** Distinct phone numbers called so far. */
  recipientsCalled: Count,
  /**
   * Recipients the campaign was created with (as sent, after the do-not-call list), when the
   * registry knows it: campaigns created through Switchboard since it records the count.
   */
  recipients: Count.nullable(),
  /** Recipients not called yet (`recipients` − `recipientsCalled`); null when `recipients` is unknown. */
  remaining: Count.nullable(),
  lastCallAt: UtcTimestamp.nullable(),
});
export type CampaignProgress = z.infer<typeof CampaignProgress>;

export const CampaignProgressList = z.object({
  content: z.array(CampaignProgress),
  indexedAt: IndexedAt,
  countedFrom: z.string().nullable().meta({
    description:
      "indexedAt on the BFF's own clock (the one a campaign's registry entry is dated by), where the upstream's clock differs: a campaign created after it is not counted yet.",
  }),
});
export type CampaignProgressList = z.infer<typeof CampaignProgressList>;

// ---------- GET /bff/index/status ----------

export const IndexState = z.enum(['starting', 'backfilling', 'live', 'degraded', 'disabled']);
export type IndexState = z.infer<typeof IndexState>;

export const IndexStatus = z.object({
  state: IndexState,
  indexedAt: IndexedAt,
  /** Seconds between now and indexedAt; null before the first complete sync. */
  lagSeconds: z.number().nullable(),
  /** When the last sync pass finished without error. */
  lastSuccessAt: z.string().nullable(),
  calls: Count,
  transcripts: Count,
  /** Ended calls whose transcript is not indexed yet. */
  transcriptsPending: Count,
  /** When the worker took the three counts above (it takes them as it writes); null before its first count (they read 0). */
  countedAt: z.string().nullable(),
  /** The request rate the worker's index reader found (it grows while answers are fast, halves on a 429), and the last 429 it met; null before it first says. */
  rate: z
    .object({
      perSecond: z.number(),
      max: z.number(),
      lastLimitAt: z.string().nullable(),
      lastLimitPerSecond: z.number().nullable(),
      /** When the worker wrote these. */
      at: z.string(),
    })
    .nullable(),
  backfill: z.object({ windowDays: z.int(), since: IsoDate, complete: z.boolean() }),
  /** The last failure, kept until a pass succeeds; no personal data. */
  lastError: z
    .object({ at: z.string(), kind: z.enum(['rate-limited', 'upstream-error', 'timeout', 'unreachable', 'malformed', 'internal']), message: z.string() })
    .nullable(),
  /** Whether some instance holds the sync lock now, and whether it is this one. */
  syncer: z.object({ active: z.boolean(), thisInstance: z.boolean() }),
});
export type IndexStatus = z.infer<typeof IndexStatus>;
