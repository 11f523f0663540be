/**
 * Outcomes and a campaign's recipients (issue 33), standalone: `npx tsx bench/outcomes.ts`.
 * On the local PostgreSQL server (a database made for it and dropped after):
 * - an index of BENCH_OUTCOMES_CALLS other calls (default 20,000) plus a 1,000-recipient campaign's
 *   calls (1 to 3 attempts each), written by the index's own upsertCalls in pages of 100, with
 *   three outcomes in force (so every write also rewrites its calls' outcomes);
 * - the funnel and recipients table of that campaign (campaignRecipients, what the route runs after
 *   its upstream read), timed BENCH_OUTCOMES_RUNS times (default 200): p50, p95, max;
 * - a page write of 100 calls with and without the outcomes in force;
 * - storage per 1,000 recipients (campaign_recipients) and per 1,000 call-outcome rows.
 * `npm run bench` runs it too, as the `outcomes` section (bench/lib/outcomes-section.ts).
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { migrate, openDb, type Db } from '../common/db';
import { createTestDatabase, databaseAvailable } from '../common/test-db';
import { MIGRATIONS } from '../server/db/migrations';
import { campaignRecipients } from '../server/services/campaigns/recipients';
import { upsertCalls } from '../server/services/call-index/store';
import type { IndexableCall } from '../server/services/call-index/parse';
import { addOutcome } from '../server/services/campaigns/outcomes';

const OTHER_CALLS = Number(process.env.BENCH_OUTCOMES_CALLS ?? 20_000);
const RUNS = Number(process.env.BENCH_OUTCOMES_RUNS ?? 200);
const RECIPIENTS = 1_000;
const STATUSES = ['COMPLETED', 'COMPLETED', 'TRANSFERRED', 'NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED'] as const;

const pick = <T>(xs: readonly T[], i: number): T => xs[i % xs.length]!;
/** A well-spread index from a counter (Knuth's multiplicative hash), so the fields do not move in step. */
const spread = (i: number, salt: number) => (Math.imul(i + salt, 2654435761) >>> 0) >>> 8;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

function call(i: number, agentId: string, phone: string, campaign: string | null, start: Date): IndexableCall & Record<string, unknown> {
  const status = pick(STATUSES, spread(i, 1));
  const duration = status === 'COMPLETED' || status === 'TRANSFERRED' ? 20 + (spread(i, 2) % 200) : 0;
  return {
    id: randomUUID(),
    agentId,
    phone,
    type: 'OUTBOUND',
    status,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + duration * 1000 + 5000).toISOString(),
    duration,
    recorded: true,
    tags: spread(i, 3) % 5 === 0 ? ['vip'] : [],
    classificationData: { intent: pick(['yes', 'no', 'maybe'], spread(i, 4)) },
    extractedData: spread(i, 5) % 3 === 0 ? { appointment: { date: '2026-12-01' } } : {},
    ...(campaign ? { campaignName: campaign } : {}),
  };
}

async function write(db: Db, calls: IndexableCall[], campaign: string | null): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls.length; i += 100) {
    const t = performance.now();
    await upsertCalls(db, calls.slice(i, i + 100), campaign);
    times.push(performance.now() - t);
  }
  return times;
}

export interface OutcomesFigures {
  otherCalls: number;
  indexedCalls: number;
  campaignCalls: number;
  runs: number;
  /** Every timed read of the funnel + recipients table, ms, sorted. */
  funnelMs: number[];
  /** Median page write of 100 calls, ms: with no outcome, and with three in force. */
  writeBareMs: number;
  writeWithOutcomesMs: number;
  /** Storage per 1,000 rows, KiB. */
  recipientsKiB: number;
  recipientsDataKiB: number;
  outcomesKiB: number;
  outcomeRows: number;
}

/** Null when no PostgreSQL server answers at TEST_DATABASE_URL. */
export async function measureOutcomes(): Promise<OutcomesFigures | null> {
  if (!(await databaseAvailable())) return null;
  const created = await createTestDatabase('benchoutcomes');
  const db = await openDb({ url: created.url });
  try {
    await migrate(db, MIGRATIONS, 'bff_migrations');
    const agentId = randomUUID();
    const otherAgent = randomUUID();
    const name = 'Bench campaign';
    const campaignId = randomUUID();
    const now = Date.now();

    // Page writes without any outcome in force (the baseline).
    const before = Array.from({ length: 2_000 }, (_, i) =>
      call(i, otherAgent, `+3361${String(i).padStart(8, '0')}`, null, new Date(now - (i % 30) * 86_400_000)),
    );
    const bare = await write(db, before, null);

    await addOutcome(
      db,
      {
        name: 'booked',
        agentId,
        clauses: [
          { kind: 'status', statuses: ['COMPLETED'] },
          { kind: 'classifier', classifier: 'intent', value: 'yes' },
          { kind: 'extracted', field: 'appointment.date' },
        ],
      },
      'bench',
    );
    await addOutcome(db, { name: 'long call', campaignName: name, clauses: [{ kind: 'duration', op: 'atLeast', seconds: 60 }] }, 'bench');
    await addOutcome(
      db,
      {
        name: 'vip reached',
        agentId: otherAgent,
        clauses: [
          { kind: 'tag', tag: 'vip' },
          { kind: 'status', statuses: ['COMPLETED', 'TRANSFERRED'] },
        ],
      },
      'bench',
    );

    const others = Array.from({ length: OTHER_CALLS }, (_, i) =>
      call(
        i,
        pick([agentId, otherAgent], i),
        `+3362${String(i).padStart(8, '0')}`,
        pick(['Other A', 'Other B', null], i),
        new Date(now - (i % 30) * 86_400_000),
      ),
    );
    const withOutcomes = await write(db, others, null);

    // The campaign: 1,000 recipients sent (50 more left out by the do-not-call list), 1 to 3 attempts each.
    await db.query(`INSERT INTO campaigns (id, name, agent_id, created_by, recipients) VALUES ($1, $2, $3, 'bench', $4)`, [
      campaignId,
      name,
      agentId,
      RECIPIENTS,
    ]);
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+3363${String(i).padStart(8, '0')}`);
    await db.query(`INSERT INTO campaign_recipients (campaign_id, phone) SELECT $1, unnest($2::text[])`, [campaignId, phones]);
    const skipped = Array.from({ length: 50 }, (_, i) => `+3364${String(i).padStart(8, '0')}`);
    await db.query(
      `INSERT INTO campaign_recipients (campaign_id, phone, skip_reason) SELECT $1, unnest($2::text[]), 'On the do-not-call list (manual): bench'`,
      [campaignId, skipped],
    );
    const campaignCalls = phones.flatMap((phone, i) =>
      Array.from({ length: 1 + (i % 3) }, (_, k) => call(i * 3 + k, agentId, phone, name, new Date(now - 3_600_000 * (3 - k) - i * 1000))),
    );
    await write(db, campaignCalls, name);
    await db.query('ANALYZE');

    const facts = {
      id: campaignId,
      name,
      agentId,
      retry: { max: 2, delay: 60, retryOn: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'] as const },
      status: 'ACTIVE',
    };
    const first = await campaignRecipients(
      db,
      { ...facts, retry: { ...facts.retry, retryOn: [...facts.retry.retryOn] } },
      { now: new Date(), retentionDays: 365 },
    );
    if (!first.known || first.recipients.length !== RECIPIENTS + 50) throw new Error('The bench campaign was not read whole.');
    const times: number[] = [];
    for (let r = 0; r < RUNS; r += 1) {
      const t = performance.now();
      await campaignRecipients(db, { ...facts, retry: { ...facts.retry, retryOn: [...facts.retry.retryOn] } }, { now: new Date(), retentionDays: 365 });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);

    const size = async (sql: string) => Number((await db.query<{ n: string }>(sql)).rows[0]!.n);
    const recipientsBytes = await size(`SELECT pg_total_relation_size('campaign_recipients') AS n`);
    const recipientRows = await size(`SELECT count(*) AS n FROM campaign_recipients`);
    const outcomeBytes = await size(`SELECT pg_total_relation_size('index_call_outcomes') AS n`);
    const outcomeRows = await size(`SELECT count(*) AS n FROM index_call_outcomes`);
    const dataBytes = await size(`SELECT sum(pg_column_size(r.*)) AS n FROM campaign_recipients r`);
    if (outcomeRows === 0) throw new Error('No call met an outcome: the bench data is wrong.');
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    return {
      otherCalls: OTHER_CALLS,
      indexedCalls: OTHER_CALLS + campaignCalls.length + before.length,
      campaignCalls: campaignCalls.length,
      runs: RUNS,
      funnelMs: times,
      writeBareMs: med(bare),
      writeWithOutcomesMs: med(withOutcomes),
      recipientsKiB: ((recipientsBytes / recipientRows) * 1000) / 1024,
      recipientsDataKiB: ((dataBytes / recipientRows) * 1000) / 1024,
      outcomesKiB: ((outcomeBytes / outcomeRows) * 1000) / 1024,
      outcomeRows,
    };
  } finally {
    await db.close();
    await created.drop();
  }
}

async function main() {
  const r = await measureOutcomes();
  if (!r) {
    console.log('No PostgreSQL server at TEST_DATABASE_URL: nothing measured.');
    return;
  }
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(`Outcomes bench (PostgreSQL, ${r.indexedCalls} indexed calls, 3 outcomes, ${r.runs} runs)`);
  console.log(
    `- funnel + recipients table, 1,000 recipients (+50 skipped), ${r.campaignCalls} calls: p50 ${f(quantile(r.funnelMs, 0.5))}, p95 ${f(quantile(r.funnelMs, 0.95))}, max ${f(r.funnelMs.at(-1)!)} (budget p95 <= 150 ms)`,
  );
  console.log(`- a page write of 100 calls: median ${f(r.writeBareMs)} with no outcome, ${f(r.writeWithOutcomesMs)} with 3 outcomes in force`);
  console.log(
    `- storage per 1,000 recipients: ${r.recipientsKiB.toFixed(0)} KiB with its indexes (${r.recipientsDataKiB.toFixed(0)} KiB of row data); per 1,000 call-outcome rows: ${r.outcomesKiB.toFixed(0)} KiB (${r.outcomeRows} rows)`,
  );
}

// Run alone (`npx tsx bench/outcomes.ts`), not when the bench imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  void main().catch((error: Error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
