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
import type { Db, Queryable } from '../../common/db';
import { rubricScore, type CheckCondition, type SamplingMode } from '../../contract/bff/review';
import type { CallStatus } from '../../contract/enums';
import { paramList, whereOf } from './call-index/query';

export interface RuleRow {
  id: number;
  kind: 'sample' | 'check';
  name: string;
  agent_id: string | null;
  campaign_name: string | null;
  spec: SampleSpec | CheckCondition;
  created_by: string;
  created_at: Date;
}

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

/** The SQL condition of a check over `index_calls c`. */
function checkSql(condition: CheckCondition, p: (v: unknown) => string): string {
  switch (condition.kind) {
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
    const condition = checkSql(rule.spec as CheckCondition, p);
    return enqueue(tx, rule, `SELECT c.id::text AS id, ${day} AS day FROM index_calls c WHERE ${where.sql} AND ${base} AND ${condition}`, params.params);
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

/** A review's score against its rubric version. */
export function scoreOf(rubric: RubricRow, scores: Record<string, boolean>): number {
  return rubricScore(rubric.items, scores);
}
