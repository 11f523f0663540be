/**
 * The call index at volume (issue 31): the index grown to 100k, 1M and 3M calls in Insights' 30-day
 * window by the documented generator (volume-generator.ts), on the local PostgreSQL server, then
 * the BFF's own HTTP routes timed at each size: Insights for 30 days (all; one agent; one campaign),
 * transcript search (a common, a rare and an absent word, a phrase, a word with a status filter,
 * and that search's exact count as "Count all" asks it, reported without a budget), the
 * index-backed list with a status or classifier filter (its page and its total), and the storage
 * per million calls. Sizes: BENCH_VOLUME_SIZES (default 100000,1000000; add 3000000 for the third
 * size); the database is grown in place from one size to the next and dropped at the end
 * (BENCH_VOLUME_URL: use, and keep, a database of your own). Runs only when named
 * (BENCH_ONLY=volume): on a quiet 2-core machine a million calls take ~3 min to generate and
 * ~3.2 GB, three million ~12 min and ~9.6 GB.
 */
import type { AddressInfo } from 'node:net';
import { migrate, openDb, type Db } from '../../common/db';
import { createTestDatabase, databaseAvailable } from '../../common/test-db';
import { INDEX_ROUTES } from '../../contract/bff/index';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { MIGRATIONS } from '../../server/db/migrations';
import { DEFAULT_SIM_API_KEY } from '../../simulator/app';
import { signIn } from './bff-section';
import { reason, type BenchContext } from './section';
import { growIndex, VOLUME_AGENTS, VOLUME_CAMPAIGNS, VOLUME_WORDS } from './volume-generator';

const S = 'Call index at volume';
const SIZES = (process.env.BENCH_VOLUME_SIZES ?? '100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_VOLUME_RUNS ?? 20);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/** The one route timed without a budget: the exact count a person asks for with "Count all". */
const ON_DEMAND_COUNT = 'search, a common word and a status: its exact count ("Count all", on demand)';

/** The routes timed, by name: a path and query each. */
export function volumeRoutes(): [string, string][] {
  const insights = (extra: Record<string, string> = {}) =>
    `${INDEX_ROUTES.insights}?${new URLSearchParams({ from: day(-29), to: day(0), tz: 'Europe/Paris', ...extra })}`;
  const calls = (params: [string, string][]) => `${INDEX_ROUTES.calls}?${new URLSearchParams([...params, ['size', '50']])}`;
  return [
    ['Insights, 30 days, all', insights()],
    ['Insights, 30 days, one agent', insights({ agentId: VOLUME_AGENTS[2]! })],
    ['Insights, 30 days, one campaign', insights({ campaignName: VOLUME_CAMPAIGNS[1]! })],
    ['search, a common word', calls([['q', VOLUME_WORDS.common]])],
    ['search, a rare word', calls([['q', VOLUME_WORDS.rare]])],
    ['search, an absent word', calls([['q', VOLUME_WORDS.absent]])],
    ['search, a phrase', calls([['q', VOLUME_WORDS.phrase]])],
    ['search, a word and an exclusion', calls([['q', 'refund -delivery']])],
    ['search, two words with OR', calls([['q', 'warranty OR invoice']])],
    [
      'search, a common word and a status',
      calls([
        ['q', VOLUME_WORDS.common],
        ['status', 'COMPLETED'],
      ]),
    ],
    [
      // On demand, not on every read: reported, with no budget of its own (issue 31's budgets are the page and its capped count).
      ON_DEMAND_COUNT,
      calls([
        ['q', VOLUME_WORDS.common],
        ['status', 'COMPLETED'],
        ['exactTotal', 'true'],
      ]),
    ],
    [
      'search, a rare word and a status',
      calls([
        ['q', VOLUME_WORDS.rare],
        ['status', 'COMPLETED'],
      ]),
    ],
    ['list, a status filter (page and total)', calls([['status', 'NO_ANSWER']])],
    ['list, a classifier filter (page and total)', calls([['classifier', 'interest=maybe']])],
    [
      'list, a status filter, page 20',
      calls([
        ['status', 'NO_ANSWER'],
        ['page', '20'],
      ]),
    ],
  ];
}

async function timeRoutes(ctx: BenchContext, db: Db, label: string): Promise<void> {
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    VOICE_API_BASE_URL: 'http://127.0.0.1:9',
    VOICE_API_KEY: DEFAULT_SIM_API_KEY,
    DEMO_ACCOUNTS: 'true',
    DEMO_PASSWORD: 'switchboard-demo',
    INDEX_SYNC: 'false',
  });
  const app = await buildApp(config, { db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { cookie } = await signIn(url, 'viewer');
    for (const [name, path] of volumeRoutes()) {
      const get = async () => {
        const res = await fetch(url + path, { headers: { cookie } });
        if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        return (await res.json()) as { totalElements?: number; totalExact?: boolean; totals?: { total: number } };
      };
      const first = await get();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const t = performance.now();
        await get();
        times.push(performance.now() - t);
      }
      const shown = first.totals ? `${first.totals.total} calls` : `total ${first.totalElements}${first.totalExact === false ? '+' : ''}`;
      ctx.report.add(S, `${label}: ${name} (p95)`, 'ms', [p95(times)], name === ON_DEMAND_COUNT ? undefined : { op: '<=', value: 150 }, shown);
      ctx.log(`${label}: ${name}: p50 ${times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!.toFixed(0)} ms, p95 ${p95(times).toFixed(0)} ms (${shown})`);
    }
  } finally {
    await app.close();
  }
}

async function storage(ctx: BenchContext, db: Db, label: string, calls: number): Promise<void> {
  const { rows } = await db.query<{ bytes: string }>(
    `SELECT sum(pg_total_relation_size(c.oid))::bigint::text AS bytes FROM pg_class c
      WHERE c.relkind = 'r' AND c.relname IN ('index_calls', 'index_transcripts', 'index_call_facts', 'index_rollup_status', 'index_rollup_duration', 'index_rollup_class')`,
  );
  ctx.report.add(S, `${label}: storage per million calls (tables, indexes, TOAST)`, 'MB', [(Number(rows[0]!.bytes) / 2 ** 20) * (1e6 / calls)]);
}

export async function volumeSection(ctx: BenchContext): Promise<void> {
  if (!process.env.BENCH_VOLUME_URL && !(await databaseAvailable())) {
    ctx.report.skip(S, 'PostgreSQL', '', 'no PostgreSQL server at TEST_DATABASE_URL');
    return;
  }
  const created = process.env.BENCH_VOLUME_URL ? null : await createTestDatabase('benchvolume');
  const db = await openDb({ url: process.env.BENCH_VOLUME_URL ?? created!.url });
  try {
    await migrate(db, MIGRATIONS, 'bff_migrations');
    for (const size of SIZES) {
      const label = `${size.toLocaleString('en-US')} calls`;
      try {
        await growIndex(db, size, 30, ctx.log);
        await storage(ctx, db, label, size);
        await timeRoutes(ctx, db, label);
      } catch (error) {
        ctx.report.skip(S, label, '', reason(error));
      }
    }
  } finally {
    await db.close();
    await created?.drop();
  }
}
