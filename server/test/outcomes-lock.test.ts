/**
 * An outcome added while the index is writing calls never misses them (a full server run once left
 * a transcript outcome short for good): the evaluation of written calls waits for an outcome's
 * addition under way and then reads it; the addition waits for the evaluations under way, whose
 * calls its own pass over the index then sees. Real PostgreSQL, two connections.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../../common/db';
import { openTestDb } from '../../common/test-db';
import { MIGRATIONS } from '../db/migrations';
import { upsertCalls } from '../services/call-index/store';
import { addOutcome, evaluateOutcomes, OUTCOMES_LOCK } from '../services/campaigns/outcomes';

const agentId = randomUUID();
const call = () => ({
  id: randomUUID(),
  agentId,
  phone: '+14155550100',
  type: 'OUTBOUND' as const,
  status: 'COMPLETED' as const,
  startTime: new Date(Date.now() - 60_000).toISOString(),
  endTime: new Date().toISOString(),
  duration: 60,
  recorded: false,
  tags: [],
  classificationData: {},
  extractedData: {},
});
const settled = (p: Promise<unknown>) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), 400))]);
const rowsOf = async (db: Db, outcomeId: number) =>
  (await db.query<{ id: string }>('SELECT call_id::text AS id FROM index_call_outcomes WHERE outcome_id = $1', [outcomeId])).rows.map((r) => r.id);

describe('outcomes and the index writing at once', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb('bff_outcomes_lock');
    await migrate(db, MIGRATIONS, 'bff_migrations');
  });
  afterAll(async () => db?.close());

  it('an evaluation of written calls waits for an outcome being added, then counts the calls for it', async () => {
    const c = call();
    await upsertCalls(db, [c]);
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    let outcomeId = 0;
    // An addition under way: the outcome is in, its transaction not yet committed.
    const adding = db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${OUTCOMES_LOCK})`);
      const { rows } = await tx.query<{ id: number }>(`INSERT INTO outcomes (name, agent_id, clauses, created_by) VALUES ($1, $2, $3, 'test') RETURNING id`, [
        `Reached ${Date.now()}`,
        agentId,
        JSON.stringify([{ kind: 'status', statuses: ['COMPLETED'] }]),
      ]);
      outcomeId = rows[0]!.id;
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const evaluating = evaluateOutcomes(db, [c.id]);
    const waited = !(await settled(evaluating));
    commit();
    expect(waited, 'the evaluation waits for the addition').toBe(true);
    await adding;
    await evaluating;
    expect(await rowsOf(db, outcomeId)).toEqual([c.id]);
  });

  it('an outcome’s addition waits for an evaluation under way, and then sees its calls', async () => {
    const c = call();
    let commit!: () => void;
    const held = new Promise<void>((r) => (commit = r));
    // A page of the index being written: the call and its evaluation, not yet committed.
    const writing = db.transaction(async (tx) => {
      await upsertCalls(tx, [c]);
      await held;
    });
    await new Promise((r) => setTimeout(r, 100));
    const adding = addOutcome(db, { name: `Completed ${Date.now()}`, agentId, clauses: [{ kind: 'status', statuses: ['COMPLETED'] }] }, 'test');
    const waited = !(await settled(adding));
    commit();
    expect(waited, 'the addition waits for the evaluation').toBe(true);
    await writing;
    const outcome = await adding;
    expect(await rowsOf(db, outcome.id)).toContain(c.id);
  });
});
