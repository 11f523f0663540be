/**
 * The index's query layer, reusable by every reader (the calls search, Insights, alerts and
 * automatic checks): a filter becomes one parameterised WHERE clause; values never enter the SQL
 * text. Transcript text goes through websearch_to_tsquery, which parses any input without error.
 */
import type { Queryable } from '../../../common/db';
import type { IndexSearch, SnippetPart, TranscriptHit } from '../../../contract/bff/index';
import { callOrderBy } from '../../../common/call-order';
import type { Call } from '../../../contract/schemas/call';
import { MARK_END, MARK_START } from './parse';
import { queryWindow } from './time-range';

/** Every filter of the calls search (paging and sort apart). */
export type IndexFilter = Omit<IndexSearch, 'page' | 'size' | 'sort'>;

/** The text search configuration of the tsvector and of every query (one, so the GIN index serves). */
export const TS_CONFIG = 'english';

export interface Where {
  sql: string;
  params: unknown[];
}

/** Parameter collector: `p(value)` returns its placeholder. */
export function paramList(start: unknown[] = []) {
  const params = [...start];
  return { params, p: (value: unknown) => `$${params.push(value)}` };
}

/** The WHERE clause of a filter over `index_calls` aliased `c`; `true` when nothing is set. */
export function whereOf(f: Partial<IndexFilter> & { tz?: string }, params = paramList()): Where {
  const { p } = params;
  const and: string[] = [];
  if (f.agentId) and.push(`c.agent_id = ${p(f.agentId)}`);
  if (f.phone) and.push(`c.phone = ${p(f.phone)}`);
  if (f.campaignName) and.push(`c.campaign_name = ${p(f.campaignName)}`);
  const w = queryWindow({ tz: 'UTC', ...f });
  if (w.start) and.push(`c.start_time >= ${p(w.start)}`);
  if (w.end) and.push(`c.start_time < ${p(w.end)}`);
  if (f.status?.length) and.push(`c.status = ANY(${p([...new Set(f.status)])}::text[])`);
  if (f.hasRecording !== undefined) and.push(`c.recorded = ${p(f.hasRecording)}`);
  if (f.minDuration !== undefined) and.push(`c.duration >= ${p(f.minDuration)}`);
  if (f.maxDuration !== undefined) and.push(`c.duration <= ${p(f.maxDuration)}`);
  for (const c of f.classifier ?? []) and.push(`c.classification @> ${p(JSON.stringify({ [c.name]: c.value }))}::jsonb`);
  for (const e of f.extracted ?? []) {
    // A field holds a string, or a list of strings: match either (both use the GIN index).
    const nest = (leaf: unknown) => e.path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf);
    and.push(`(c.extracted @> ${p(JSON.stringify(nest(e.value)))}::jsonb OR c.extracted @> ${p(JSON.stringify(nest([e.value])))}::jsonb)`);
  }
  if (f.tag?.length) and.push(`c.tags @> ${p([...new Set(f.tag)])}::text[]`);
  if (f.answeringMachine !== undefined) and.push(`c.answering_machine = ${p(f.answeringMachine)}`);
  if (f.transfer !== undefined) and.push(`c.transfer = ${p(f.transfer)}`);
  if (f.hangUpWithin !== undefined) and.push(`c.answer_to_hangup <= ${p(f.hangUpWithin)}`);
  if (f.q) {
    and.push(`EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', ${p(f.q)}))`);
  }
  return { sql: and.length ? and.join(' AND ') : 'true', params: params.params };
}

/** Whether the search text has any searchable word (a text of only stop words or signs has none). */
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

export async function countCalls(db: Queryable, filter: Partial<IndexFilter>): Promise<number> {
  if (filter.q && whereOf({ ...filter, q: undefined }).sql === 'true') {
    // Text alone: count the matching transcripts through their GIN index. Exact: each transcript
    // row belongs to one call (call_id is its key and references index_calls), so no join is needed.
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM index_transcripts t WHERE t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1)`,
      [filter.q],
    );
    return rows[0]?.n ?? 0;
  }
  const where = whereOf(filter);
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls c WHERE ${where.sql}`, where.params);
  return rows[0]?.n ?? 0;
}

export interface SearchRow {
  call: Call;
  campaignName: string | null;
  hit?: TranscriptHit;
}

/** One page of calls for a search, with the total; text hits carry the matching line and a snippet. */
export async function searchCalls(db: Queryable, search: IndexSearch): Promise<{ rows: SearchRow[]; total: number }> {
  const where = whereOf(search);
  const [page, total] = await Promise.all([
    db.query<{ id: string; doc: Call; campaign_name: string | null }>(
      `SELECT c.id, c.doc, c.campaign_name FROM index_calls c WHERE ${where.sql} ORDER BY ${orderBy(search.sort)}
       LIMIT ${Number(search.size)} OFFSET ${(Number(search.page) - 1) * Number(search.size)}`,
      where.params,
    ),
    countCalls(db, search),
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
    total,
  };
}

const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=8, ShortWord=2, MaxFragments=1`;

/**
 * For each call, the first transcript line that matches the whole query; when no single line
 * does (the words are spread over several lines), the line that matches most of it. Each line is
 * parsed once (to_tsvector is the cost here, PGlite's most of all), and only the page's calls are read.
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
