/**
 * Insights' outcome counts at scale, standalone: `npx tsx bench/outcome-counts.ts`.
 * On the local PostgreSQL server (a database made for it and dropped after):
 * - BENCH_COUNTS_CALLS indexed calls (default 300,000) over 90 days, 4 agents and 20 campaign
 *   names, written by one INSERT … SELECT (the index's own writer is not what is measured here);
 * - six outcomes (three on an agent, three on a campaign), each evaluated over the whole index as
 *   addOutcome does when one is defined (timed);
 * - outcomeCounts (what GET /bff/outcomes/counts runs after reading its query) over the last 30
 *   days, the last day, 30 days of one agent and the whole index, BENCH_COUNTS_RUNS times each
 *   (default 60): p50, p95, max; with EXPLAIN (ANALYZE, BUFFERS) of the 30-day read when
 *   BENCH_COUNTS_EXPLAIN=1.
 */
import { migrate, openDb } from '../common/db';
import { createTestDatabase, databaseAvailable } from '../common/test-db';
import { MIGRATIONS } from '../server/db/migrations';
import { addOutcome, outcomeCounts } from '../server/services/campaigns/outcomes';

const CALLS = Number(process.env.BENCH_COUNTS_CALLS ?? 300_000);
const RUNS = Number(process.env.BENCH_COUNTS_RUNS ?? 60);
const AGENTS = [
  '0b7c1e1a-0000-4000-8000-000000000001',
  '0b7c1e1a-0000-4000-8000-000000000002',
  '0b7c1e1a-0000-4000-8000-000000000003',
  '0b7c1e1a-0000-4000-8000-000000000004',
];
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

async function main() {
  if (!(await databaseAvailable())) {
    console.log('No PostgreSQL server at TEST_DATABASE_URL: nothing measured.');
    return;
  }
  const created = await createTestDatabase('benchcounts');
  const db = await openDb({ url: created.url });
  try {
    await migrate(db, MIGRATIONS, 'bff_migrations');
    const now = Date.now();
    let t = performance.now();
    // Spread over 90 days, 4 agents, 20 campaign names (a fifth outside any campaign); statuses,
    // classifications, extracted data and tags from the row number, so outcomes match a share.
    await db.query(
      `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, end_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
       SELECT md5('call' || g)::uuid,
              ($3::uuid[])[(1 + g % 4)::int],
              '+3362' || lpad((g % 200000)::text, 8, '0'),
              'OUTBOUND',
              (ARRAY['COMPLETED','COMPLETED','TRANSFERRED','NO_ANSWER','VOICE_BOX','UNREACHABLE','FAILED'])[(1 + (g * 7919) % 7)::int],
              to_timestamp($2 / 1000.0) - make_interval(secs => (g * 2654435761 % 7776000)),
              to_timestamp($2 / 1000.0) - make_interval(secs => (g * 2654435761 % 7776000) - 90),
              (20 + (g * 31) % 300)::int,
              true,
              to_timestamp($2 / 1000.0) - make_interval(secs => (g * 2654435761 % 7776000)),
              CASE WHEN g % 5 = 0 THEN NULL ELSE 'Campaign ' || (g % 20) END,
              CASE WHEN g % 5 = 1 THEN ARRAY['vip'] ELSE ARRAY[]::text[] END,
              jsonb_build_object('intent', (ARRAY['yes','no','maybe'])[(1 + (g * 13) % 3)::int]),
              CASE WHEN g % 3 = 0 THEN '{"appointment":{"date":"2026-12-01"}}'::jsonb ELSE '{}'::jsonb END,
              '{}'::jsonb
         FROM generate_series(1::bigint, $1::bigint) AS g`,
      [CALLS, now, AGENTS],
    );
    const seeded = performance.now() - t;
    const adds: number[] = [];
    const outcomes = [
      {
        name: 'booked',
        agentId: AGENTS[0],
        clauses: [
          { kind: 'status', statuses: ['COMPLETED'] },
          { kind: 'classifier', classifier: 'intent', value: 'yes' },
          { kind: 'extracted', field: 'appointment.date' },
        ],
      },
      { name: 'reached', agentId: AGENTS[1], clauses: [{ kind: 'status', statuses: ['COMPLETED', 'TRANSFERRED'] }] },
      {
        name: 'vip long',
        agentId: AGENTS[2],
        clauses: [
          { kind: 'tag', tag: 'vip' },
          { kind: 'duration', op: 'atLeast', seconds: 60 },
        ],
      },
      { name: 'c1 yes', campaignName: 'Campaign 1', clauses: [{ kind: 'classifier', classifier: 'intent', value: 'yes' }] },
      { name: 'c2 completed', campaignName: 'Campaign 2', clauses: [{ kind: 'status', statuses: ['COMPLETED'] }] },
      { name: 'c3 long', campaignName: 'Campaign 3', clauses: [{ kind: 'duration', op: 'atLeast', seconds: 120 }] },
    ] as const;
    for (const o of outcomes) {
      t = performance.now();
      await addOutcome(db, o as unknown as Parameters<typeof addOutcome>[1], 'bench');
      adds.push(performance.now() - t);
    }
    await db.query('VACUUM ANALYZE');
    const rows = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM index_call_outcomes')).rows[0]!.n);

    const day = 86_400_000;
    const cases: [string, Parameters<typeof outcomeCounts>[1]][] = [
      ['last 30 days', { start: new Date(now - 30 * day), end: new Date(now) }],
      ['last day', { start: new Date(now - day), end: new Date(now) }],
      ['30 days, one agent', { start: new Date(now - 30 * day), end: new Date(now), agentId: AGENTS[1] }],
      ['30 days, one campaign', { start: new Date(now - 30 * day), end: new Date(now), campaignName: 'Campaign 2' }],
      ['the whole index', { start: null, end: null }],
    ];
    const f = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `Outcome counts bench (PostgreSQL, ${CALLS.toLocaleString('en')} indexed calls seeded in ${f(seeded)}, ${outcomes.length} outcomes, ${rows.toLocaleString('en')} call-outcome rows, ${RUNS} runs each)`,
    );
    console.log(`- defining an outcome (evaluated over the whole index): median ${f([...adds].sort((a, b) => a - b)[3]!)}, max ${f(Math.max(...adds))}`);
    for (const [label, q] of cases) {
      for (let i = 0; i < 5; i += 1) await outcomeCounts(db, q);
      const times: number[] = [];
      for (let r = 0; r < RUNS; r += 1) {
        t = performance.now();
        await outcomeCounts(db, q);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`- ${label}: p50 ${f(quantile(times, 0.5))}, p95 ${f(quantile(times, 0.95))}, max ${f(times.at(-1)!)}`);
    }
    if (process.env.BENCH_COUNTS_EXPLAIN === '1') {
      // The statement outcomeCounts sends, caught and explained with its parameters.
      for (const [label, q] of [cases[0]!, cases[2]!]) {
        let caught: { sql: string; params: unknown[] } | null = null;
        await outcomeCounts(
          {
            query: (async (sql: string, params: unknown[]) => {
              caught = { sql, params };
              return { rows: [], rowCount: 0 };
            }) as never,
          } as never,
          q,
        );
        const { sql, params } = caught!;
        const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        console.log(`EXPLAIN ANALYZE, ${label}:\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await db.close();
    await created.drop();
  }
}

void main().catch((error: Error) => {
  console.error(error);
  process.exitCode = 1;
});
