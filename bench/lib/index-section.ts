/**
 * The call index (issue 14): indexing the simulator's seeded calls and their transcripts (its rate
 * limit lifted), then Insights for 30 days and transcript search, timed as the server computes them
 * (the query layer the routes call), on the local PostgreSQL server (a database made for it).
 */
import { migrate, openDb, type Db } from '../../common/db';
import { createTestDatabase, databaseAvailable } from '../../common/test-db';
import { InsightsQuery, IndexSearchQuery } from '../../contract/bff/index';
import { MIGRATIONS } from '../../server/db/migrations';
import { insights } from '../../server/services/call-index/insights';
import { searchCalls } from '../../server/services/call-index/query';
import { CallIndexService } from '../../server/services/call-index/service';
import { indexStatus } from '../../server/services/call-index/status';
import { Upstream } from '../../server/services/upstream/upstream';
import { reason, type BenchContext } from './section';
import { SIM_KEY, type SimInfo } from './sim-section';

const S = 'Call index';
/** The backfill window: the product's default (INDEX_BACKFILL_DAYS), the window Insights reads. */
const DAYS = Number(process.env.BENCH_INDEX_DAYS ?? 30);
/**
 * Time allowed to index one store, its own, outside the bench's time budget (the other sections keep
 * theirs). The calls' backfill must end within it; transcripts still pending then are projected at
 * the rate measured, and the row says so.
 */
const INDEX_BUDGET_MS = Number(process.env.BENCH_INDEX_BUDGET_S ?? 240) * 1000;
const silent = { info: () => undefined, warn: () => undefined };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Indexes the window; the number of transcripts indexed (what search runs over). */
async function indexAll(ctx: BenchContext, sim: SimInfo, db: Db, label: string): Promise<number> {
  await migrate(db, MIGRATIONS, 'bff_migrations');
  const upstream = new Upstream(sim.url, [SIM_KEY], 30_000, silent);
  const service = new CallIndexService(db, upstream, silent, {
    enabled: true,
    intervalMs: 1000,
    backfillDays: DAYS,
    recentDays: 1,
    ratePerSecond: 5000,
    concurrency: 8,
    transcriptsPerPass: 1_000_000,
    timeoutMs: 30_000,
  });
  const started = Date.now();
  let callsDoneMs = 0;
  let logged = started;
  service.start();
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const s = await indexStatus(db, { enabled: true, backfillDays: DAYS, intervalMs: 1000, leading: true });
      const over = Date.now() - started > INDEX_BUDGET_MS;
      if (over && !s.backfill.complete) {
        throw new Error(`calls backfill not complete in BENCH_INDEX_BUDGET_S (${INDEX_BUDGET_MS / 1000} s): ${s.calls} calls, ${s.transcripts} transcripts`);
      }
      if (Date.now() - logged > 15_000) {
        logged = Date.now();
        ctx.log(`${label}: ${s.calls} calls, ${s.transcripts} transcripts, ${s.transcriptsPending} pending`);
      }
      if (!callsDoneMs && s.backfill.complete) callsDoneMs = Date.now() - started;
      const complete = s.backfill.complete && s.indexedAt && s.transcriptsPending === 0;
      if (complete || over) {
        const totalMs = Date.now() - started;
        // Transcripts are fetched from the start, beside the calls' pages: their rate is over the whole run.
        const perSecond = s.transcripts / (totalMs / 1000);
        ctx.report.add(S, `${label}: calls indexed per second (the ${DAYS}-day backfill, ${s.calls} calls)`, 'calls/s', [s.calls / (callsDoneMs / 1000)]);
        ctx.report.add(S, `${label}: transcripts indexed per second`, 'transcripts/s', [perSecond]);
        if (complete) {
          ctx.report.add(S, `${label}: time to a complete ${DAYS}-day index (${s.calls} calls + ${s.transcripts} transcripts)`, 's', [totalMs / 1000]);
        } else {
          const projected = totalMs / 1000 + s.transcriptsPending / Math.max(perSecond, 1e-9);
          ctx.report.add(
            S,
            `${label}: time to a complete ${DAYS}-day index (${s.calls} calls + ${s.transcripts + s.transcriptsPending} transcripts), projected`,
            's',
            [projected],
            undefined,
            `${s.transcriptsPending} transcripts still pending after ${(totalMs / 1000).toFixed(0)} s (BENCH_INDEX_BUDGET_S), projected at the measured rate`,
          );
        }
        ctx.log(`${label}: ${s.calls} calls, ${s.transcripts} transcripts (${s.transcriptsPending} pending) in ${(totalMs / 1000).toFixed(1)} s`);
        return s.transcripts;
      }
    }
  } finally {
    await service.stop();
    await upstream.close();
  }
}

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  await fn(); // warm
  for (let i = 0; i < n; i += 1) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function queries(ctx: BenchContext, db: Db, label: string, transcripts: number): Promise<void> {
  const q30 = InsightsQuery.parse({ from: day(-29), to: day(0), tz: 'Europe/Paris' });
  ctx.report.add(S, `${label}: Insights, 30 days, server time (p95 of the runs' p95)`, 'ms', [p95(await timeIt(20, () => insights(db, q30, null)))], {
    op: '<=',
    value: 150,
  });
  const words = ['cancel', '"my order"', 'refund -delivery', 'appointment OR booking', 'billing'];
  let i = 0;
  const search = () => searchCalls(db, IndexSearchQuery.parse({ q: words[i++ % words.length], size: 20 }));
  ctx.report.add(S, `${label}: transcript search over ${transcripts} transcripts, 20 rows with snippets (p95)`, 'ms', [p95(await timeIt(25, search))], {
    op: '<=',
    value: 100,
  });
}

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

export async function indexSection(ctx: BenchContext, sim: SimInfo): Promise<void> {
  await fetch(`${sim.url}/_sim/limits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sim.controlToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimit: 0 }),
  });
  if (!(await databaseAvailable())) {
    ctx.report.skip(S, 'PostgreSQL', '', 'no PostgreSQL server at TEST_DATABASE_URL');
    return;
  }
  const created = await createTestDatabase('benchindex');
  try {
    const pgDb = await openDb({ url: created.url });
    try {
      await queries(ctx, pgDb, 'PostgreSQL', await indexAll(ctx, sim, pgDb, 'PostgreSQL 15'));
    } finally {
      await pgDb.close();
    }
  } catch (error) {
    ctx.report.skip(S, 'PostgreSQL', '', reason(error));
  } finally {
    await created.drop();
  }
}
