/**
 * The call index (issue 14): indexing the simulator's seeded calls and their transcripts (its rate
 * limit lifted), then Insights for 30 days and transcript search, timed as the server computes them
 * (the query layer the routes call), on PGlite on disk and on the local PostgreSQL server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDb, type Db } from '../../common/db';
import { createTestDatabase, databaseAvailable } from '../../common/test-db';
import { InsightsQuery, IndexSearchQuery } from '../../contract/bff/index';
import { MIGRATIONS } from '../../server/db/migrations';
import { insights } from '../../server/services/call-index/insights';
import { searchCalls } from '../../server/services/call-index/query';
import { CallIndexService } from '../../server/services/call-index/service';
import { indexStatus } from '../../server/services/call-index/status';
import { Upstream } from '../../server/services/upstream';
import { reason, timeLeft, type BenchContext } from './section';
import { SIM_KEY, type SimInfo } from './sim-section';

const S = 'Call index';
const silent = { info: () => undefined, warn: () => undefined };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function indexAll(ctx: BenchContext, sim: SimInfo, db: Db, label: string): Promise<boolean> {
  await migrate(db, MIGRATIONS, 'bff_migrations');
  const upstream = new Upstream(sim.url, [SIM_KEY], 30_000, silent);
  const service = new CallIndexService(db, upstream, silent, {
    enabled: true,
    intervalMs: 1000,
    backfillDays: 92, // the seed spans 90 days: the whole of it
    recentDays: 1,
    ratePerSecond: 5000,
    concurrency: 8,
    transcriptsPerPass: 1_000_000,
    timeoutMs: 30_000,
  });
  const started = Date.now();
  let callsDoneMs = 0;
  service.start();
  try {
    for (;;) {
      if (timeLeft(ctx) < 60_000) throw new Error('out of the bench time budget while indexing');
      await new Promise((r) => setTimeout(r, 1000));
      const s = await indexStatus(db, { enabled: true, backfillDays: 92, intervalMs: 1000, leading: true });
      if (!callsDoneMs && s.backfill.complete) callsDoneMs = Date.now() - started;
      if (s.backfill.complete && s.indexedAt && s.transcriptsPending === 0) {
        const totalMs = Date.now() - started;
        ctx.report.add(S, `${label}: time to a complete index (calls + transcripts)`, 's', [totalMs / 1000]);
        ctx.report.add(S, `${label}: calls indexed per second (backfill)`, 'calls/s', [s.calls / (callsDoneMs / 1000)]);
        ctx.report.add(S, `${label}: transcripts indexed per second`, 'transcripts/s', [s.transcripts / ((totalMs - callsDoneMs) / 1000)]);
        ctx.log(`${label}: ${s.calls} calls, ${s.transcripts} transcripts in ${(totalMs / 1000).toFixed(1)} s`);
        return true;
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

async function queries(ctx: BenchContext, db: Db, label: string): Promise<void> {
  const q30 = InsightsQuery.parse({ from: day(-29), to: day(0), tz: 'Europe/Paris' });
  ctx.report.add(S, `${label}: Insights, 30 days, server time (p95 of the runs' p95)`, 'ms', [p95(await timeIt(20, () => insights(db, q30, null)))], {
    op: '<=',
    value: 150,
  });
  const words = ['cancel', '"my order"', 'refund -delivery', 'appointment OR booking', 'billing'];
  let i = 0;
  const search = () => searchCalls(db, IndexSearchQuery.parse({ q: words[i++ % words.length], size: 20 }));
  ctx.report.add(S, `${label}: transcript search, 20 rows with snippets (p95)`, 'ms', [p95(await timeIt(25, search))], { op: '<=', value: 100 });
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
  const dir = mkdtempSync(join(tmpdir(), 'bench-index-'));
  try {
    const lite = await openDb({ dataDir: dir });
    try {
      if (await indexAll(ctx, sim, lite, 'PGlite on disk')) await queries(ctx, lite, 'PGlite');
    } finally {
      await lite.close();
    }
  } catch (error) {
    ctx.report.skip(S, 'PGlite', '', reason(error));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (!(await databaseAvailable())) {
    ctx.report.skip(S, 'PostgreSQL', '', 'no PostgreSQL server at TEST_DATABASE_URL');
    return;
  }
  const created = await createTestDatabase('benchindex');
  try {
    const pgDb = await openDb({ url: created.url });
    try {
      if (await indexAll(ctx, sim, pgDb, 'PostgreSQL 15')) await queries(ctx, pgDb, 'PostgreSQL');
    } finally {
      await pgDb.close();
    }
  } catch (error) {
    ctx.report.skip(S, 'PostgreSQL', '', reason(error));
  } finally {
    await created.drop();
  }
}
