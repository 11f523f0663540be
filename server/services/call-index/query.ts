/**
 * The index's query layer, reusable by every reader (the calls search, Insights, alerts and
 * automatic checks): a filter becomes one parameterised WHERE clause, of one clause per filter of
 * the calls search's table; values never enter the SQL text. Transcript text goes through
 * websearch_to_tsquery, which parses any input without error.
 */
import type { Queryable } from '../../../common/db';
import type { IndexSearch, SnippetPart, TranscriptHit } from '../../../contract/bff/index';
import { SEARCH_FILTERS, type FilterName } from '../../../contract/bff/index-filters.plain';
import { callOrderBy } from '../../../common/call-order';
import type { Call } from '../../../contract/schemas/call';
import { MARK_END, MARK_START } from './parse';
import { queryWindow } from './time-range';

/** Every filter of the calls search (paging and sort apart). */
export type IndexFilter = Omit<IndexSearch, 'page' | 'size' | 'sort'>;

/**
 * The text search configuration of the tsvector and of every query (one, so the GIN index serves):
 * `simple` behind `unaccent` (migration 024, ADR 0042): no stemming and no stop words, so a call in
 * any language is searched by its own words; accents are folded ("tres bien" finds "Très bien").
 */
export const TS_CONFIG = 'switchboard_text';

export interface Where {
  sql: string;
  params: unknown[];
}

/** Parameter collector: `p(value)` returns its placeholder. */
export function paramList(start: unknown[] = []) {
  const params = [...start];
  return { params, p: (value: unknown) => `$${params.push(value)}` };
}

/** A filter's condition: over `index_calls` aliased `c`, or, for the copied filters, over `index_transcripts` aliased `t`. */
type Clause = (f: Partial<IndexFilter> & { tz?: string }, p: (value: unknown) => string, alias: 'c' | 't') => string | string[] | undefined;

/**
 * Each filter of the calls search's table (contract/bff/index-filters.plain.ts) as SQL, in this
 * order in the WHERE clause; nothing when it is not set. A Record of the table's names: a filter
 * without its clause does not compile. Values only ever go through `p`.
 */
const CLAUSES: Record<FilterName, Clause> = {
  agent: (f, p, a) => (f.agentId ? `${a}.agent_id = ${p(f.agentId)}` : undefined),
  campaign: (f, p, a) => (f.campaignName ? `${a}.campaign_name = ${p(f.campaignName)}` : undefined),
  // The dates in their zone, narrowed by the hour window: one range on start_time (the zone's and the window's rows have no clause of their own).
  started: (f, p, a) => {
    const w = queryWindow({ tz: 'UTC', ...f });
    return [...(w.start ? [`${a}.start_time >= ${p(w.start)}`] : []), ...(w.end ? [`${a}.start_time < ${p(w.end)}`] : [])];
  },
  zone: () => undefined,
  window: () => undefined,
  status: (f, p, a) => (f.status?.length ? `${a}.status = ANY(${p([...new Set(f.status)])}::text[])` : undefined),
  phone: (f, p) => (f.phone ? `c.phone = ${p(f.phone)}` : undefined),
  recording: (f, p) => (f.hasRecording !== undefined ? `c.recorded = ${p(f.hasRecording)}` : undefined),
  duration: (f, p) => [
    ...(f.minDuration !== undefined ? [`c.duration >= ${p(f.minDuration)}`] : []),
    ...(f.maxDuration !== undefined ? [`c.duration <= ${p(f.maxDuration)}`] : []),
  ],
  classifier: (f, p) => (f.classifier ?? []).map((c) => `c.classification @> ${p(JSON.stringify({ [c.name]: c.value }))}::jsonb`),
  extracted: (f, p) =>
    (f.extracted ?? []).map((e) => {
      // A field holds a string, or a list of strings: match either (both use the GIN index).
      const nest = (leaf: unknown) => e.path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf);
      return `(c.extracted @> ${p(JSON.stringify(nest(e.value)))}::jsonb OR c.extracted @> ${p(JSON.stringify(nest([e.value])))}::jsonb)`;
    }),
  tag: (f, p) => (f.tag?.length ? `c.tags @> ${p([...new Set(f.tag)])}::text[]` : undefined),
  answeringMachine: (f, p) => (f.answeringMachine !== undefined ? `c.answering_machine = ${p(f.answeringMachine)}` : undefined),
  transfer: (f, p) => (f.transfer !== undefined ? `c.transfer = ${p(f.transfer)}` : undefined),
  hangUp: (f, p) => (f.hangUpWithin !== undefined ? `c.answer_to_hangup <= ${p(f.hangUpWithin)}` : undefined),
  // Flagged by a QA check or category (server/services/review/queue.ts); one probe of the sources' key per check.
  check: (f, p) =>
    [...new Set(f.check ?? [])].map((id) => `EXISTS (SELECT 1 FROM review_queue_sources s WHERE s.call_id = c.id AND s.rule_id = ${p(id)}::int)`),
  // Met an outcome (server/services/campaigns/outcomes.ts, kept per call as the index writes); one probe of the rows' primary key per outcome.
  outcome: (f, p) =>
    [...new Set(f.outcome ?? [])].map((id) => `EXISTS (SELECT 1 FROM index_call_outcomes o WHERE o.call_id = c.id AND o.outcome_id = ${p(id)}::int)`),
  q: (f, p) =>
    f.q ? `EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', ${p(f.q)}))` : undefined,
};

/**
 * The filters whose columns index_transcripts keeps a copy of (migration 035, ADR 0058): a text
 * search with no other filter than these is counted over index_transcripts alone.
 */
const COPIED_FILTERS = ['agent', 'campaign', 'started', 'zone', 'window', 'status'] as const satisfies readonly FilterName[];

/** The conditions of the copied filters over a table aliased `alias` (index_calls or index_transcripts). */
function copiedConditions(f: Partial<IndexFilter> & { tz?: string }, p: (value: unknown) => string, alias: 'c' | 't'): string[] {
  return COPIED_FILTERS.flatMap((name) => CLAUSES[name](f, p, alias) ?? []);
}

/** Whether a filter sets nothing beyond its text and the copied filters. */
function onlyCopiedFilters(f: Partial<IndexFilter>): boolean {
  const rest: Partial<IndexFilter> = { ...f, q: undefined };
  for (const name of COPIED_FILTERS) for (const key of SEARCH_FILTERS[name].keys) delete rest[key];
  return whereOf(rest).sql === 'true';
}

/** The WHERE clause of a filter over `index_calls` aliased `c`; `true` when nothing is set. */
export function whereOf(f: Partial<IndexFilter> & { tz?: string }, params = paramList()): Where {
  const and = Object.values(CLAUSES).flatMap((clause) => clause(f, params.p, 'c') ?? []);
  return { sql: and.length ? and.join(' AND ') : 'true', params: params.params };
}

/** Whether the search text has any searchable word (a text of only signs has none: the configuration keeps every word). */
export async function hasSearchableWords(db: Queryable, q: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(`SELECT numnode(websearch_to_tsquery('${TS_CONFIG}', $1)) AS n`, [q]);
  return (rows[0]?.n ?? 0) > 0;
}

/** The calls the filter's other conditions match whose transcript is not indexed yet (a text search cannot find them). */
export async function countTranscriptsPending(db: Queryable, filter: Partial<IndexFilter>): Promise<number> {
  const where = whereOf({ ...filter, q: undefined });
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM index_calls c WHERE ${where.sql} AND c.transcript_state = 'pending'`,
    where.params,
  );
  return rows[0]?.n ?? 0;
}

/** ORDER BY as the upstream sorts (common/call-order.ts), over `index_calls c`. */
export function orderBy(sort: string): string {
  return callOrderBy(sort, 'c');
}

/**
 * How many calls match: all of them, or, with `cap`, counting stops after cap + 1 (exact false when
 * more than cap match; the total is then the cap); `ids` narrows to these calls (text candidates).
 */
export async function countCalls(
  db: Queryable,
  filter: Partial<IndexFilter>,
  opts: { cap?: number; ids?: readonly string[] } = {},
): Promise<{ total: number; exact: boolean }> {
  const limit = opts.cap === undefined ? '' : `LIMIT ${Number(opts.cap) + 1}`;
  let n: number;
  if (filter.q && !opts.ids && onlyCopiedFilters(filter)) {
    // A text with at most the copied filters (status, agent, campaign, start time): count the
    // matching transcripts alone, their GIN index combined with the copies' b-trees (ADR 0058).
    // Exact: each transcript row belongs to one call (call_id is its key and references
    // index_calls) and keeps its call's values of those columns, so no join is needed.
    const params = paramList([filter.q]);
    const and = copiedConditions(filter, params.p, 't').map((c) => ` AND ${c}`);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM index_transcripts t WHERE t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1)${and.join('')} ${limit}) AS x`,
      params.params,
    );
    n = rows[0]?.n ?? 0;
  } else {
    const where = whereOf(filter, paramList(opts.ids ? [opts.ids] : []));
    const ids = opts.ids ? 'c.id = ANY($1::uuid[]) AND ' : '';
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM index_calls c WHERE ${ids}${where.sql} ${limit}) AS x`,
      where.params,
    );
    n = rows[0]?.n ?? 0;
  }
  return opts.cap !== undefined && n > opts.cap ? { total: opts.cap, exact: false } : { total: n, exact: true };
}

export interface SearchRow {
  call: Call;
  campaignName: string | null;
  hit?: TranscriptHit;
}

/**
 * A search whose text matches at most this many transcripts reads those calls first (by key), then
 * applies the other filters, the sort and the page to them: a rare or absent word costs as little
 * as its few matches (ADR 0034). Above it, matches are common enough that walking the calls in the
 * list's order finds a page of them early.
 */
export const TEXT_CANDIDATES_MAX = 1000;

/** Matches a search counts before its total is "at least" (INDEX_COUNT_CAP overrides it). */
export const INDEX_DEFAULT_COUNT_CAP = 1000;

/** The columns a page is sorted by (common/call-order.ts): what a candidate subquery keeps. */
const SORT_COLUMNS = 'c.id, c.start_time, c.end_time, c.duration, c.status, c.phone, c.type, c.created';

/**
 * One page of calls for a search, with the total; text hits carry the matching line and a snippet.
 * The total is exact when cheap (a text's few matches, or at most `countCap` calls);
 * otherwise counting stops after the cap and `totalExact` is false, unless `exactTotal` asks for all.
 */
export async function searchCalls(
  db: Queryable,
  search: IndexSearch,
  opts: { countCap?: number; candidatesMax?: number } = {},
): Promise<{ rows: SearchRow[]; total: number; totalExact: boolean }> {
  const cap = opts.countCap ?? INDEX_DEFAULT_COUNT_CAP;
  const candidatesMax = opts.candidatesMax ?? TEXT_CANDIDATES_MAX;
  const candidates = search.q ? await textCandidates(db, search.q, candidatesMax) : null;
  if (candidates && candidates.length === 0) return { rows: [], total: 0, totalExact: true };
  const limit = `LIMIT ${Number(search.size)} OFFSET ${(Number(search.page) - 1) * Number(search.size)}`;
  let pageSql: string;
  let params: unknown[];
  if (candidates) {
    // The candidates by key, filtered, behind a fence (OFFSET 0): the planner cannot walk the
    // whole table in the sort's order looking for them (the cliff of a rare word).
    const where = whereOf({ ...search, q: undefined }, paramList([candidates]));
    pageSql = `SELECT c.id, c.doc, c.campaign_name FROM index_calls c
                 JOIN (SELECT ${SORT_COLUMNS} FROM index_calls c WHERE c.id = ANY($1::uuid[]) AND ${where.sql} OFFSET 0) AS m ON m.id = c.id
                ORDER BY ${callOrderBy(search.sort, 'm')} ${limit}`;
    params = where.params;
  } else if (search.q && onlyCopiedFilters(search) && orderBy(search.sort).startsWith('c.start_time ')) {
    // A common text with at most the copied filters, in start order: the page walks the transcripts'
    // start index (their copies filter them, ADR 0058) instead of walking every call and probing its transcript.
    const { p, params: all } = paramList([search.q]);
    const and = copiedConditions(search, p, 't').map((c) => ` AND ${c}`);
    pageSql = `SELECT c.id, c.doc, c.campaign_name FROM index_calls c
                 JOIN (SELECT m.id, m.start_time FROM (SELECT t.call_id AS id, t.start_time FROM index_transcripts t
                        WHERE t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1)${and.join('')}) AS m
                        ORDER BY ${callOrderBy(search.sort, 'm')} ${limit}) AS m ON m.id = c.id
                ORDER BY ${callOrderBy(search.sort, 'm')}`;
    params = all;
  } else {
    const where = whereOf(search);
    pageSql = `SELECT c.id, c.doc, c.campaign_name FROM index_calls c WHERE ${where.sql} ORDER BY ${orderBy(search.sort)} ${limit}`;
    params = where.params;
  }
  const [page, counted] = await Promise.all([
    db.query<{ id: string; doc: Call; campaign_name: string | null }>(pageSql, params),
    candidates
      ? countCalls(db, { ...search, q: undefined }, { ids: candidates })
      : textAloneOverCap(search, cap, candidatesMax)
        ? // The probe already found more matching transcripts than the cap: no need to count them again.
          Promise.resolve({ total: cap, exact: false })
        : countCalls(db, search, search.exactTotal ? {} : { cap }),
  ]);
  const hits =
    search.q && page.rows.length
      ? await transcriptHits(
          db,
          search.q,
          page.rows.map((r) => r.id),
        )
      : new Map<string, TranscriptHit>();
  return {
    rows: page.rows.map((r) => ({ call: r.doc, campaignName: r.campaign_name, ...(hits.has(r.id) ? { hit: hits.get(r.id)! } : {}) })),
    total: counted.total,
    totalExact: counted.exact,
  };
}

/** A text alone (no other filter, no exact count asked) whose probe found more matches than the cap. */
function textAloneOverCap(search: IndexSearch, cap: number, candidatesMax: number): boolean {
  return Boolean(search.q) && !search.exactTotal && cap <= candidatesMax && whereOf({ ...search, q: undefined }).sql === 'true';
}

/** The calls whose transcript matches `q`, when there are at most TEXT_CANDIDATES_MAX of them; null when more. */
export async function textCandidates(db: Queryable, q: string, max = TEXT_CANDIDATES_MAX): Promise<string[] | null> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.call_id::text AS id FROM index_transcripts t WHERE t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1) LIMIT ${Number(max) + 1}`,
    [q],
  );
  return rows.length > max ? null : rows.map((r) => r.id);
}

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=8, ShortWord=2, MaxFragments=1`;

/**
 * For each call, the first transcript line that matches the whole query; when no single line
 * does (the words are spread over several lines), the line that matches most of it. Each line is
 * parsed once (to_tsvector is the cost here), and only the page's calls are read.
 */
export async function transcriptHits(db: Queryable, q: string, ids: string[]): Promise<Map<string, TranscriptHit>> {
  const { rows } = await db.query<{ call_id: string; line: number; time: string; actor: string; headline: string }>(
    `SELECT t.call_id, l.ord - 1 AS line, l.e->>'time' AS time, coalesce(l.e->>'actor', 'UNKNOWN') AS actor,
            ts_headline('${TS_CONFIG}', coalesce(l.e->>'message', ''), q.q, $3) AS headline
       FROM index_transcripts t
       CROSS JOIN websearch_to_tsquery('${TS_CONFIG}', $1) AS q(q)
       CROSS JOIN LATERAL (
         SELECT x.e, x.ord FROM jsonb_array_elements(t.entries) WITH ORDINALITY AS x(e, ord)
          CROSS JOIN LATERAL to_tsvector('${TS_CONFIG}', x.e->>'message') AS v(v)
          WHERE coalesce(x.e->>'message', '') <> ''
          ORDER BY (v.v @@ q.q) DESC, ts_rank(v.v, q.q) DESC, x.ord
          LIMIT 1) AS l
      WHERE t.call_id = ANY($2::uuid[])`,
    [q, ids, HEADLINE_OPTIONS],
  );
  return new Map(rows.map((r) => [r.call_id, { line: r.line, time: r.time, actor: r.actor as TranscriptHit['actor'], snippet: snippetParts(r.headline) }]));
}

/** Splits a headline at its private-use marks into plain-text runs (stored texts never hold the marks). */
export function snippetParts(headline: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const chunk of headline.split(MARK_START)) {
    const end = chunk.indexOf(MARK_END);
    if (end >= 0) {
      if (end > 0) parts.push({ text: chunk.slice(0, end), match: true });
      if (end + 1 < chunk.length) parts.push({ text: chunk.slice(end + 1), match: false });
    } else if (chunk) parts.push({ text: chunk, match: false });
  }
  return parts;
}
