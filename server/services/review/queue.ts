/**
 * QA review over the call index (docs/review.md): sampling rules and automatic checks fill the
 * review queue; every query is parameterised and filters go through the index's one query layer
 * (`whereOf`). Filling is idempotent: a call is queued once per rule, so running the rules again
 * (every index pass, or on demand) adds only calls not yet considered.
 *
 * - "N per day": for each UTC day, the rule's calls in a fixed pseudo-random order (md5 of the rule
 *   id and the call id), topped up to N; a day already holding N is left alone.
 * - "x % at random": a call is taken when md5(rule id, call id) falls in the first x % of the hash
 *   space: each call has an x % chance, decided once, so a rerun never redraws the sample.
 * Calls still in progress are never queued (there is nothing to review yet).
 */
import type { Db, Queryable } from '../../../common/db';
import { rubricScore, SCRIPT_CHECK_KINDS, type CheckCondition, type SamplingMode, type ScriptCheckKind } from '../../../contract/bff/review';
import type { CallStatus } from '../../../contract/enums';
import { paramList, TS_CONFIG, whereOf } from '../call-index/query';

export interface RuleRow {
  id: number;
  kind: 'sample' | 'check';
  name: string;
  agent_id: string | null;
  campaign_name: string | null;
  spec: SampleSpec | CheckCondition;
  created_by: string;
  created_at: Date;
  /** Script checks: the fill's start up to which stored transcripts were read (null: none yet). */
  read_through: Date | null;
}

/**
 * A script check reads, at each fill, only the transcripts stored since its last fill began, less
 * this margin: a batch of transcripts whose transaction began before that fill but committed after
 * it is read next time. A call it flagged is never read again (the sources' key).
 */
export const SCRIPT_REREAD_MS = 5 * 60_000;

const isScriptCheck = (c: CheckCondition): c is Extract<CheckCondition, { kind: ScriptCheckKind }> =>
  (SCRIPT_CHECK_KINDS as readonly string[]).includes(c.kind);

export interface SampleSpec {
  from: string | null;
  to: string | null;
  status: CallStatus[];
  mode: SamplingMode;
  amount: number;
}

export interface RubricRow {
  agent_id: string;
  version: number;
  items: { id: number; label: string; weight: number }[];
  note: string;
  updated_by: string;
  updated_at: Date;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toRubric(r: RubricRow) {
  return { agentId: r.agent_id, version: r.version, items: r.items, note: r.note, updatedBy: r.updated_by, updatedAt: iso(r.updated_at) };
}

/** The agent's current rubric (its latest version), or null. */
export async function currentRubric(db: Queryable, agentId: string): Promise<RubricRow | null> {
  const { rows } = await db.query<RubricRow>('SELECT * FROM review_rubrics WHERE agent_id = $1 ORDER BY version DESC LIMIT 1', [agentId]);
  return rows[0] ?? null;
}

export async function rubricVersion(db: Queryable, agentId: string, version: number): Promise<RubricRow | null> {
  const { rows } = await db.query<RubricRow>('SELECT * FROM review_rubrics WHERE agent_id = $1 AND version = $2', [agentId, version]);
  return rows[0] ?? null;
}

/** One tsquery matching any of the phrases (each its words in order), in the index's configuration. */
function phrasesQuery(phrases: readonly string[], p: (v: unknown) => string): string {
  return `(${phrases.map((phrase) => `phraseto_tsquery('${TS_CONFIG}', ${p(phrase)})`).join(' || ')})`;
}

/**
 * The calls (a SELECT of call ids) on whose transcript one of the phrases was said in one line, by
 * the speaker, and, with `withinSeconds`, no later than that after the answer (the first ANSWER entry;
 * the first entry when there is none). The stored tsvector finds the candidates through its GIN
 * index; only their lines are read again.
 */
function saidSql(phrases: readonly string[], speaker: 'AGENT' | 'ANYONE', p: (v: unknown) => string, withinSeconds?: number): string {
  const q = phrasesQuery(phrases, p);
  const by = speaker === 'AGENT' ? `AND l.e->>'actor' = 'AGENT'` : '';
  const within =
    withinSeconds === undefined
      ? ''
      : `AND (l.e->>'time')::timestamptz <= coalesce(
           (SELECT min((a.e->>'time')::timestamptz) FROM jsonb_array_elements(t.entries) AS a(e) WHERE a.e->>'action' = 'ANSWER'),
           (SELECT min((a.e->>'time')::timestamptz) FROM jsonb_array_elements(t.entries) AS a(e))
         ) + make_interval(secs => ${p(withinSeconds)}::int)`;
  return `SELECT t.call_id FROM index_transcripts t WHERE t.tsv @@ ${q}
    AND EXISTS (SELECT 1 FROM jsonb_array_elements(t.entries) AS l(e)
                 WHERE to_tsvector('${TS_CONFIG}', coalesce(l.e->>'message', '')) @@ ${q} ${by} ${within})`;
}

/** Script checks read calls whose transcript is indexed (a pending one would look silent). */
const TRANSCRIPT_READ = `c.transcript_state = 'done'`;
/** A call someone answered (not a machine): where a disclosure is due. */
const REACHED = `c.status IN ('COMPLETED', 'TRANSFERRED') AND c.answering_machine IS NOT TRUE`;

/** The SQL condition of a check over `index_calls c`. */
function checkSql(condition: CheckCondition, p: (v: unknown) => string): string {
  switch (condition.kind) {
    case 'phraseWithin':
      return `${TRANSCRIPT_READ} AND ${REACHED} AND NOT EXISTS (${saidSql(condition.phrases, 'AGENT', p, condition.seconds)} AND t.call_id = c.id)`;
    case 'phraseNeverSaid':
      return `${TRANSCRIPT_READ} AND ${REACHED} AND NOT EXISTS (${saidSql(condition.phrases, condition.speaker, p)} AND t.call_id = c.id)`;
    case 'forbiddenPhrase':
    case 'category':
      return `${TRANSCRIPT_READ} AND c.id IN (${saidSql(condition.phrases, condition.speaker, p)})`;
    case 'classifierWithoutExtracted': {
      const path = p(condition.field.split('.').map((s) => s.trim()));
      const value = `(c.extracted #> ${path}::text[])`;
      return `c.classification @> ${p(JSON.stringify({ [condition.classifier]: condition.value }))}::jsonb
        AND (${value} IS NULL OR ${value} IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb, '[""]'::jsonb)
             OR (jsonb_typeof(${value}) = 'string' AND btrim(c.extracted #>> ${path}::text[]) = ''))`;
    }
    case 'hangUpAfterAnswer':
      return `c.answer_to_hangup IS NOT NULL AND c.answer_to_hangup <= ${p(condition.seconds)}`;
    case 'transferredWithoutSummary':
      return `c.status = 'TRANSFERRED' AND coalesce(btrim(c.doc->>'summary'), '') = ''`;
    case 'shortDuration':
      // Over reached calls: a no-answer's duration is ring time, and there is nothing to review.
      return `c.status IN ('COMPLETED', 'TRANSFERRED') AND c.duration IS NOT NULL AND c.duration < ${p(condition.seconds)}`;
  }
}

/** Queues the calls of `candidates` (a SELECT of id, day) for the rule; returns how many were new for it. */
async function enqueue(tx: Queryable, rule: RuleRow, select: string, params: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ id: string; day: string }>(select, params);
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  await tx.query('INSERT INTO review_queue (call_id) SELECT unnest($1::uuid[]) ON CONFLICT (call_id) DO NOTHING', [ids]);
  const inserted = await tx.query(
    `INSERT INTO review_queue_sources (call_id, rule_id, kind, rule_name, day)
     SELECT t.id, $2, $3, $4, t.day FROM unnest($1::uuid[], $5::date[]) AS t(id, day)
     ON CONFLICT (call_id, rule_id) DO NOTHING RETURNING call_id`,
    [ids, rule.id, rule.kind, rule.name, rows.map((r) => r.day)],
  );
  return inserted.rows.length;
}

/** Runs one rule over the index; returns the calls it newly queued. */
export async function runRule(tx: Queryable, rule: RuleRow): Promise<number> {
  const params = paramList();
  const { p } = params;
  const ruleParam = p(rule.id);
  const scope = { agentId: rule.agent_id ?? undefined, campaignName: rule.campaign_name ?? undefined };
  const base = `c.status <> 'IN_PROGRESS' AND NOT EXISTS (SELECT 1 FROM review_queue_sources s WHERE s.call_id = c.id AND s.rule_id = ${ruleParam}::int)`;
  const day = `to_char(c.start_time AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  if (rule.kind === 'check') {
    const where = whereOf(scope, params);
    const spec = rule.spec as CheckCondition;
    const condition = checkSql(spec, p);
    if (!isScriptCheck(spec))
      return enqueue(tx, rule, `SELECT c.id::text AS id, ${day} AS day FROM index_calls c WHERE ${where.sql} AND ${base} AND ${condition}`, params.params);
    // Only the transcripts stored since the last fill (all of them the first time): a fill costs what is new.
    const started = (await tx.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
    const recent = rule.read_through
      ? `AND c.id IN (SELECT r.call_id FROM index_transcripts r WHERE r.indexed_at >= ${p(new Date(new Date(rule.read_through).getTime() - SCRIPT_REREAD_MS))})`
      : '';
    const added = await enqueue(
      tx,
      rule,
      `SELECT c.id::text AS id, ${day} AS day FROM index_calls c WHERE ${where.sql} AND ${base} ${recent} AND ${condition}`,
      params.params,
    );
    await tx.query('UPDATE review_rules SET read_through = $2 WHERE id = $1', [rule.id, started]);
    return added;
  }
  const spec = rule.spec as SampleSpec;
  const where = whereOf({ ...scope, from: spec.from ?? undefined, to: spec.to ?? undefined, status: spec.status.length ? spec.status : undefined }, params);
  const hash = `md5(${ruleParam}::int::text || ':' || c.id::text)`;
  if (spec.mode === 'percent') {
    const cut = p(Math.round(spec.amount * 100));
    return enqueue(
      tx,
      rule,
      `SELECT c.id::text AS id, ${day} AS day FROM index_calls c
        WHERE ${where.sql} AND ${base} AND (('x' || substr(${hash}, 1, 8))::bit(32)::bigint % 10000) < ${cut}`,
      params.params,
    );
  }
  const n = p(spec.amount);
  return enqueue(
    tx,
    rule,
    `WITH cand AS (
       SELECT c.id::text AS id, ${day} AS day, ${hash} AS h FROM index_calls c WHERE ${where.sql} AND ${base}
     ), ranked AS (
       SELECT id, day, row_number() OVER (PARTITION BY day ORDER BY h) AS rn FROM cand
     ), have AS (
       SELECT to_char(day, 'YYYY-MM-DD') AS day, count(*)::int AS n FROM review_queue_sources WHERE rule_id = ${ruleParam}::int GROUP BY day
     )
     SELECT r.id, r.day FROM ranked r LEFT JOIN have ON have.day = r.day WHERE r.rn <= ${n}::int - coalesce(have.n, 0)`,
    params.params,
  );
}

let running: Promise<unknown> = Promise.resolve();

/**
 * Runs every rule (or the given ones): sampled and flagged counts of calls newly queued. Runs one
 * at a time in this process and, on one database, under a transaction-level advisory lock, so two
 * instances filling at once cannot top a day up twice.
 */
export async function fillQueue(db: Db, only?: number[]): Promise<{ sampled: number; flagged: number }> {
  const run = running.then(() =>
    db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('switchboard:review-fill'))");
      const { rows } = await tx.query<RuleRow>(
        only ? 'SELECT * FROM review_rules WHERE id = ANY($1::int[]) ORDER BY id' : 'SELECT * FROM review_rules ORDER BY id',
        only ? [only] : [],
      );
      const result = { sampled: 0, flagged: 0 };
      for (const rule of rows) {
        const added = await runRule(tx, rule);
        if (rule.kind === 'sample') result.sampled += added;
        else result.flagged += added;
      }
      return result;
    }),
  );
  running = run.catch(() => undefined);
  return run;
}

/**
 * Calls each category (a check of kind `category`) marked among the calls that started in
 * [start, end) (either end open), optionally of one agent and campaign; every category listed, 0 when none.
 */
export async function categoryCounts(
  db: Queryable,
  q: { start: Date | null; end: Date | null; agentId?: string; campaignName?: string },
): Promise<{ checkId: number; name: string; calls: number }[]> {
  const { rows } = await db.query<{ id: number; name: string; calls: number }>(
    `SELECT r.id, r.name, (SELECT count(*)::int FROM review_queue_sources s JOIN index_calls c ON c.id = s.call_id
                            WHERE s.rule_id = r.id AND ($1::timestamptz IS NULL OR c.start_time >= $1)
                              -- The sources' UTC day narrows the range on their (rule_id, day) index first.
                              AND ($1::timestamptz IS NULL OR s.day >= ($1::timestamptz AT TIME ZONE 'UTC')::date)
                              AND ($2::timestamptz IS NULL OR s.day <= ($2::timestamptz AT TIME ZONE 'UTC')::date)
                              AND ($2::timestamptz IS NULL OR c.start_time < $2) AND ($3::uuid IS NULL OR c.agent_id = $3)
                              AND ($4::text IS NULL OR c.campaign_name = $4)) AS calls
       FROM review_rules r WHERE r.kind = 'check' AND r.spec->>'kind' = 'category' ORDER BY lower(r.name), r.id`,
    [q.start, q.end, q.agentId ?? null, q.campaignName ?? null],
  );
  return rows.map((r) => ({ checkId: r.id, name: r.name, calls: r.calls }));
}

/** A review's score against its rubric version. */
export function scoreOf(rubric: RubricRow, scores: Record<string, boolean>): number {
  return rubricScore(rubric.items, scores);
}
