/**
 * Outcomes over the call index (docs/outcomes.md): named conditions, attached to an agent or a
 * campaign name, each a list of clauses that must all hold, written as SQL over `index_calls c`
 * (every value a parameter). Which calls meet which outcome is kept in index_call_outcomes:
 * - an outcome added is evaluated once over the whole index;
 * - every index write (a page of calls, a batch of transcripts) rewrites the rows of the calls it
 *   touched, in its own transaction (store.ts), so a status, a late campaign attribution or a
 *   transcript event changes the answer at once;
 * - a call pruned from the index or an outcome removed takes its rows along (ON DELETE CASCADE).
 * Reads (the campaign funnel, the counts) then join rows and never evaluate a condition.
 */
import type { Db, Queryable } from '../../../common/db';
import { OUTCOME_LIMITS, type Outcome, type OutcomeClause, type OutcomeCount } from '../../../contract/bff/outcomes';
import { HttpError } from '../../http';
import { paramList } from '../call-index/query';

export interface OutcomeRow {
  id: number;
  name: string;
  agent_id: string | null;
  campaign_name: string | null;
  clauses: OutcomeClause[];
  created_by: string;
  created_at: Date;
}

const EMPTY_JSON = `('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb, '[""]'::jsonb)`;

/** One clause as SQL over `index_calls c`. */
export function clauseSql(clause: OutcomeClause, p: (v: unknown) => string): string {
  switch (clause.kind) {
    case 'status':
      return `c.status = ANY(${p(clause.statuses)}::text[])`;
    case 'classifier':
      return `c.classification ->> ${p(clause.classifier)} = ${p(clause.value)}`;
    case 'extracted': {
      const path = p(clause.field.split('.').map((s) => s.trim()));
      if (clause.value) return `c.extracted #>> ${path}::text[] = ${p(clause.value)}`;
      const value = `(c.extracted #> ${path}::text[])`;
      return `(${value} IS NOT NULL AND ${value} NOT IN ${EMPTY_JSON}
               AND NOT (jsonb_typeof(${value}) = 'string' AND btrim(c.extracted #>> ${path}::text[]) = ''))`;
    }
    case 'duration':
      return clause.op === 'atLeast' ? `c.duration >= ${p(clause.seconds)}::int` : `c.duration < ${p(clause.seconds)}::int`;
    case 'tag':
      return `${p(clause.tag)}::text = ANY(c.tags)`;
    case 'transcript': {
      // Known once the transcript is indexed: before that, neither "happened" nor "did not" holds.
      const column = clause.event === 'answeringMachine' ? 'c.answering_machine' : 'c.transfer';
      return `${column} IS ${clause.happened ? 'TRUE' : 'FALSE'}`;
    }
  }
}

/** The outcome's whole condition (its scope and every clause) over `index_calls c`. */
export function outcomeSql(o: Pick<OutcomeRow, 'agent_id' | 'campaign_name' | 'clauses'>, p: (v: unknown) => string): string {
  const scope = o.agent_id ? `c.agent_id = ${p(o.agent_id)}::uuid` : `c.campaign_name = ${p(o.campaign_name)}::text`;
  return [scope, ...o.clauses.map((clause) => `(${clauseSql(clause, p)})`)].join(' AND ');
}

/**
 * One lock orders the outcomes' definitions and their evaluation: adding or removing an outcome takes
 * it alone; an evaluation of written calls takes it shared, until its transaction ends. Without it, an
 * outcome added while transcripts were being saved could miss them for good: its own pass over the
 * index read before they were committed, and their evaluation read the outcomes before it was.
 */
export const OUTCOMES_LOCK = "hashtext('switchboard:outcomes')";

/**
 * Rewrites which outcomes these calls meet (the calls an index write just touched), in one
 * statement: the rows no longer met go and the met ones are written, atomically, so a reader never
 * sees a call's outcomes gone between a delete and an insert. Given a database, it runs in a
 * transaction of its own; given a transaction, in that one (the lock is held until it ends).
 */
export async function evaluateOutcomes(db: Queryable | Db, callIds: readonly string[]): Promise<void> {
  if (callIds.length === 0) return;
  if ('transaction' in db) return db.transaction((tx) => evaluateOutcomes(tx, callIds));
  await db.query(`SELECT pg_advisory_xact_lock_shared(${OUTCOMES_LOCK})`);
  const { rows: outcomes } = await db.query<OutcomeRow>('SELECT * FROM outcomes ORDER BY id');
  const ids = [...new Set(callIds)];
  if (outcomes.length === 0) {
    await db.query('DELETE FROM index_call_outcomes WHERE call_id = ANY($1::uuid[])', [ids]);
    return;
  }
  const params = paramList([ids]);
  const selects = outcomes.map(
    (o) =>
      `SELECT c.id AS call_id, ${params.p(o.id)}::int AS outcome_id, c.start_time FROM index_calls c WHERE c.id = ANY($1::uuid[]) AND ${outcomeSql(o, params.p)}`,
  );
  await db.query(
    `WITH met AS (${selects.join(' UNION ALL ')}),
          gone AS (DELETE FROM index_call_outcomes x WHERE x.call_id = ANY($1::uuid[])
                      AND NOT EXISTS (SELECT 1 FROM met m WHERE m.call_id = x.call_id AND m.outcome_id = x.outcome_id))
     INSERT INTO index_call_outcomes (call_id, outcome_id, start_time) SELECT call_id, outcome_id, start_time FROM met
     ON CONFLICT (call_id, outcome_id) DO UPDATE SET start_time = EXCLUDED.start_time`,
    params.params,
  );
}

/** Evaluates one outcome over the whole index (when it is added). */
async function evaluateAll(db: Queryable, o: OutcomeRow): Promise<void> {
  const params = paramList([o.id]);
  await db.query(
    `INSERT INTO index_call_outcomes (call_id, outcome_id, start_time) SELECT c.id, $1::int, c.start_time FROM index_calls c WHERE ${outcomeSql(o, params.p)} ON CONFLICT DO NOTHING`,
    params.params,
  );
}

const LIST_SQL = `SELECT o.*, (SELECT count(*)::int FROM index_call_outcomes x WHERE x.outcome_id = o.id) AS calls FROM outcomes o`;

export function toOutcome(r: OutcomeRow & { calls: number }): Outcome {
  return {
    id: r.id,
    name: r.name,
    agentId: r.agent_id,
    campaignName: r.campaign_name,
    clauses: r.clauses,
    calls: r.calls,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listOutcomes(db: Queryable): Promise<Outcome[]> {
  const { rows } = await db.query<OutcomeRow & { calls: number }>(`${LIST_SQL} ORDER BY o.name, o.id`);
  return rows.map(toOutcome);
}

/** Adds an outcome and evaluates it over the index, in one transaction (a name taken: 409). */
export async function addOutcome(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  input: { name: string; agentId?: string; campaignName?: string; clauses: OutcomeClause[] },
  username: string,
): Promise<Outcome> {
  return db.transaction(async (tx) => {
    // Serialised, so two adds at once cannot pass the limit together, and after every evaluation under way.
    await tx.query(`SELECT pg_advisory_xact_lock(${OUTCOMES_LOCK})`);
    const { rows: count } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM outcomes');
    if ((count[0]?.n ?? 0) >= OUTCOME_LIMITS.outcomesMax)
      throw new HttpError(409, `At most ${OUTCOME_LIMITS.outcomesMax} outcomes can be defined; remove one first.`);
    const { rows } = await tx.query<OutcomeRow>(
      `INSERT INTO outcomes (name, agent_id, campaign_name, clauses, created_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ((lower(name))) DO NOTHING RETURNING *`,
      [input.name, input.agentId ?? null, input.agentId ? null : input.campaignName || null, JSON.stringify(input.clauses), username],
    );
    const row = rows[0];
    if (!row)
      throw new HttpError(409, `An outcome named "${input.name}" exists already.`, [
        { field: 'name', rejectedValue: input.name, message: 'Choose another name: this one is taken.' },
      ]);
    await evaluateAll(tx, row);
    const full = await tx.query<OutcomeRow & { calls: number }>(`${LIST_SQL} WHERE o.id = $1`, [row.id]);
    return toOutcome(full.rows[0]!);
  });
}

/** Removes an outcome (its per-call rows go with it); the removed name, or null when there was none. */
export async function removeOutcome(db: Pick<Db, 'transaction'>, id: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${OUTCOMES_LOCK})`);
    const { rows } = await tx.query<{ name: string }>('DELETE FROM outcomes WHERE id = $1 RETURNING name', [id]);
    return rows[0]?.name ?? null;
  });
}

/**
 * Per outcome, the calls started in the window (and Insights' agent and campaign filters) that met
 * it, and the calls of its agent or campaign there (the rate's base). Reads the kept rows, never a
 * condition; each count is one probe of an index (the outcome's rows; agent or campaign by start).
 */
export async function outcomeCounts(
  db: Queryable,
  q: { start: Date | null; end: Date | null; agentId?: string; campaignName?: string },
): Promise<OutcomeCount[]> {
  const range = `($1::timestamptz IS NULL OR c.start_time >= $1) AND ($2::timestamptz IS NULL OR c.start_time < $2)
                 AND ($3::uuid IS NULL OR c.agent_id = $3) AND ($4::text IS NULL OR c.campaign_name = $4)`;
  // The outcome's calls in the range: an index-only count on (outcome_id, start_time) (migration 034);
  // the calls are read only for an agent or campaign filter (ADR 0053: joining every call of the range
  // to each outcome's rows took 0.7 s at 300,000 calls).
  // A filter given reads each of the outcome's rows in the range's call by its primary key: a
  // correlated scalar subquery, which the planner cannot turn into a hash join over every call of
  // the agent (as an EXISTS became: 0.85 s at 300,000 calls).
  const filters = [
    ...(q.agentId !== undefined ? ['(SELECT c.agent_id FROM index_calls c WHERE c.id = x.call_id) = $3::uuid'] : []),
    ...(q.campaignName !== undefined ? ['(SELECT c.campaign_name FROM index_calls c WHERE c.id = x.call_id) = $4::text'] : []),
  ];
  const mine = filters.length > 0 ? filters.join(' AND ') : `($3::uuid IS NULL AND $4::text IS NULL)`;
  const { rows } = await db.query<{ id: number; name: string; agent_id: string | null; campaign_name: string | null; calls: number; scoped: number }>(
    `SELECT o.id, o.name, o.agent_id::text, o.campaign_name,
            (SELECT count(*)::int FROM index_call_outcomes x
              WHERE x.outcome_id = o.id AND ($1::timestamptz IS NULL OR x.start_time >= $1) AND ($2::timestamptz IS NULL OR x.start_time < $2)
                AND ${mine}) AS calls,
            -- One branch per attachment, so each count walks its own index (agent or campaign, by start).
            CASE WHEN o.agent_id IS NOT NULL
                 THEN (SELECT count(*)::int FROM index_calls c WHERE c.agent_id = o.agent_id AND ${range})
                 ELSE (SELECT count(*)::int FROM index_calls c WHERE c.campaign_name = o.campaign_name AND ${range}) END AS scoped
       FROM outcomes o ORDER BY lower(o.name), o.id`,
    [q.start, q.end, q.agentId ?? null, q.campaignName ?? null],
  );
  return rows.map((r) => ({
    outcomeId: r.id,
    name: r.name,
    agentId: r.agent_id,
    campaignName: r.campaign_name,
    calls: r.calls,
    scoped: r.scoped,
    rate: r.scoped > 0 ? r.calls / r.scoped : null,
  }));
}
