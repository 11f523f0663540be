/**
 * BENCH_ONLY=nowait, "no one waits" (issue 28's budgets): the p99 of `GET /healthz` and of the calls
 * list's read as the SPA sends it (`GET /api/v1/calls?…` with the session and a read token), each
 * probed open-loop (bench/lib/probe.ts), each on a thread of its own, while one load runs at a time against the product in its
 * real shape: the BFF's web process and its worker, on a fresh database of the local PostgreSQL
 * server (bench/lib/product.ts), in front of the bench's simulator. The loads:
 * - the 30-day backfill: the worker started on the empty database, until its calls' backfill is
 *   complete (once per run: it happens once);
 * - a 5,000-row do-not-call import (new numbers each time), repeated through the window;
 * - four parallel 1.8 MB draft saves by one viewer, repeated;
 * - ten parallel year-long Insights requests (hourly buckets, what the issue tried), repeated;
 * - 100 anonymous sign-ins from one address at once (unknown accounts, wrong passwords: within the
 *   address's sign-in budget), and meanwhile a known account's sign-in from another address;
 * - 200 alert rules (text filters on 20 saved views) evaluating in the worker, which the section
 *   runs every BENCH_NOWAIT_ALERTS_INTERVAL_S (5 s, the product's default being 30 s) so each window
 *   sees at least two passes;
 * and the quiet baseline (the worker in its steady state, nothing else). Rounds interleave the loads
 * (BENCH_RUNS rounds); the alert rules come last, since once made they evaluate in every window.
 * What each load was answered (a refusal by a cap is fine) is in its row's note.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { IndexStatus } from '../../contract/bff/index';
import { parseCallsSearch, toUpstreamQuery } from '../../src/features/calls/model/search-params';
import { signIn, DEMO_PASSWORD } from './bff-section';
import { send, startProbeThread, type ProbeResult } from './probe';
import { freePort, startProduct, type Product } from './product';
import { statusTally } from './rates';
import { reason, type BenchContext } from './section';
import type { SimInfo } from './sim-section';
import { percentile } from './stats';

const S = 'No one waits (web process + worker on PostgreSQL)';
const WINDOW_MS = Number(process.env.BENCH_NOWAIT_SECONDS ?? 10) * 1000;
const HEALTH_EVERY_MS = Number(process.env.BENCH_NOWAIT_HEALTH_MS ?? 20);
const LIST_EVERY_MS = Number(process.env.BENCH_NOWAIT_LIST_MS ?? 100);
const BACKFILL_CAP_MS = Number(process.env.BENCH_NOWAIT_BACKFILL_S ?? 180) * 1000;
const ALERTS_INTERVAL_S = process.env.BENCH_NOWAIT_ALERTS_INTERVAL_S ?? '5';
const HEALTH_BUDGET = { op: '<=' as const, value: 50 };
const DRAFT_BYTES = 1.8e6;

interface Window {
  health: ProbeResult;
  list: ProbeResult;
  /** The load's own answers (statuses, or 'error'). */
  answers: (number | string)[];
  /** Anything else the load measured (the other address's sign-in). */
  extra?: number;
}

interface Session {
  cookie: string;
}

const json = (url: string, cookie: string) => ({
  'Content-Type': 'application/json',
  'X-Switchboard': '1',
  Origin: url,
  Cookie: cookie,
});

async function mintRead(url: string, cookie: string): Promise<string> {
  const res = await fetch(`${url}/auth/token`, {
    method: 'POST',
    headers: json(url, cookie),
    body: JSON.stringify({ scope: ['calls:read'] }),
    signal: AbortSignal.timeout(60_000),
  });
  if (!res.ok) throw new Error(`POST /auth/token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The calls list's first read as the SPA sends it for /calls with no filter (its default page, size and sort). */
function listUrl(url: string): string {
  return `${url}/api/v1/calls?${toUpstreamQuery(parseCallsSearch({})).toString()}`;
}

/**
 * Probes /healthz and the list while `load` runs; the load gets the time it should stop repeating
 * at (now + the window) and resolves with its answers when its last unit has ended.
 */
async function during(url: string, viewer: Session, load: (until: number) => Promise<{ answers: (number | string)[]; extra?: number }>): Promise<Window> {
  const token = await mintRead(url, viewer.cookie);
  // Each probe on a thread of its own: the loads are built and sent on this event loop.
  const health = await startProbeThread(`${url}/healthz`, HEALTH_EVERY_MS);
  const list = await startProbeThread(listUrl(url), LIST_EVERY_MS, { Cookie: viewer.cookie, Authorization: `Bearer ${token}` }).catch(
    async (error: unknown) => {
      await health.stop();
      throw error;
    },
  );
  // Stopped even when the load failed, so no probe keeps running into the next window.
  const out = await load(Date.now() + WINDOW_MS).finally(() => Promise.all([health.stop(), list.stop()]));
  const [healthResult, listResult] = await Promise.all([health.stop(), list.stop()]);
  return { health: healthResult, list: listResult, ...out };
}

/** Repeats `unit` until `until` (at least once); every answer collected. */
async function repeat(until: number, unit: (i: number) => Promise<(number | string)[]>): Promise<(number | string)[]> {
  const answers: (number | string)[] = [];
  for (let i = 0; i === 0 || Date.now() < until; i += 1) answers.push(...(await unit(i)));
  return answers;
}

/** A valid French mobile number, different for each n. */
const mobile = (n: number) => `+336${String(n).padStart(8, '0')}`;

export async function nowaitSection(ctx: BenchContext, sim: SimInfo): Promise<void> {
  const port = await freePort(process.env.BENCH_NOWAIT_PORT);
  const product = await startProduct(sim.url, { ALERTS_INTERVAL_SECONDS: ALERTS_INTERVAL_S }, port);
  try {
    await measure(ctx, product);
  } finally {
    await product.stop();
  }
}

async function measure(ctx: BenchContext, product: Product): Promise<void> {
  const { url } = product;
  const viewer = await signIn(url, 'viewer');
  const operator = await signIn(url, 'operator');
  const windows = new Map<string, Window[]>();
  const windowPeaks = new Map<string, number>();
  const keep = (name: string, w: Window) => {
    windows.set(name, [...(windows.get(name) ?? []), w]);
    const p = (r: ProbeResult) => percentile(r.latencies, 99).toFixed(0);
    // The web process's peak over this window alone (VmHWM, reset before each window).
    const peak = peakMiB(product.webPid);
    windowPeaks.set(name, Math.max(windowPeaks.get(name) ?? 0, peak));
    ctx.log(
      `nowait ${name}: /healthz p99 ${p(w.health)} ms, list p99 ${p(w.list)} ms; load answered ${statusTally(w.answers)}; web peak ${peak.toFixed(0)} MiB`,
    );
    resetPeak(product.webPid);
  };
  resetPeak(product.webPid);

  // 1. The 30-day backfill: the worker starts on the empty database; the window lasts until its calls are in.
  let backfill = { calls: 0, complete: false, seconds: 0 };
  const backfillWindow = await during(url, viewer, async () => {
    const t = Date.now();
    await product.startWorker();
    for (;;) {
      // A deadline on every request of a window: none may hold the run.
      const res = await fetch(`${url}/bff/index/status`, { headers: { Cookie: viewer.cookie }, signal: AbortSignal.timeout(60_000) });
      const status = IndexStatus.parse(await res.json());
      backfill = { calls: status.calls, complete: status.backfill.complete, seconds: (Date.now() - t) / 1000 };
      if (status.backfill.complete || Date.now() - t > BACKFILL_CAP_MS) return { answers: [status.backfill.complete ? 'complete' : 'still running'] };
      await new Promise((r) => setTimeout(r, 1000));
    }
  });
  keep('backfill', backfillWindow);
  ctx.log(`nowait: backfill ${backfill.complete ? 'complete' : 'still running'} after ${backfill.seconds.toFixed(0)} s (${backfill.calls} calls)`);

  // The other loads' bodies, built once before any window.
  const draft = JSON.stringify({ data: { rows: Array.from({ length: Math.ceil(DRAFT_BYTES / 60) }, (_, i) => `row ${i} ${'x'.repeat(48)}`) } });
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  const insightsUrl = `${url}/bff/index/insights?from=${yearAgo}&to=${today}&tz=UTC&bucket=hour`;
  let imported = 0;

  const loads: [string, (until: number, round: number) => Promise<{ answers: (number | string)[]; extra?: number }>][] = [
    ['quiet (baseline)', async (until) => (await new Promise((r) => setTimeout(r, until - Date.now())), { answers: [] })],
    [
      '5,000-row do-not-call import',
      async (until) => ({
        answers: await repeat(until, async () => {
          const rows = Array.from({ length: 5000 }, (_, i) => ({ line: i + 1, phone: mobile(imported + i), reason: 'Asked not to be called (bench)' }));
          imported += 5000;
          return [await send(`${url}/bff/do-not-call/import`, { method: 'POST', headers: json(url, operator.cookie), body: JSON.stringify({ rows }) })];
        }),
      }),
    ],
    [
      'four parallel 1.8 MB draft saves',
      async (until) => ({
        answers: await repeat(until, () =>
          Promise.all(
            Array.from({ length: 4 }, (_, i) => send(`${url}/bff/drafts/bench-${i}`, { method: 'PUT', headers: json(url, viewer.cookie), body: draft })),
          ),
        ),
      }),
    ],
    [
      'ten parallel year-long Insights (hourly)',
      async (until) => ({
        answers: await repeat(until, () => Promise.all(Array.from({ length: 10 }, () => send(insightsUrl, { headers: { Cookie: viewer.cookie } })))),
      }),
    ],
    ['100 anonymous sign-ins from one address', (_until, round) => signInBurst(url, round)],
  ];

  for (let round = 0; round < ctx.runs; round += 1) {
    for (let k = 0; k < loads.length; k += 1) {
      const [name, load] = loads[(k + round) % loads.length]!;
      try {
        keep(name, await during(url, viewer, (until) => load(until, round)));
      } catch (error) {
        ctx.log(`nowait ${name}: ${reason(error)}`);
      }
    }
  }

  // Last: 200 alert rules, which evaluate in the worker from the moment they exist.
  let rulesProblem = '';
  try {
    await makeRules(url, operator);
    for (let round = 0; round < ctx.runs; round += 1)
      keep(
        '200 alert rules evaluating',
        await during(
          url,
          viewer,
          async (until) => (await new Promise((r) => setTimeout(r, Math.max(until - Date.now(), 2 * Number(ALERTS_INTERVAL_S) * 1000))), { answers: [] }),
        ),
      );
  } catch (error) {
    rulesProblem = reason(error);
    ctx.log(`nowait alert rules: ${rulesProblem}`);
  }

  // The table: the baseline first, then each load, its two figures side by side.
  const quiet = windows.get('quiet (baseline)') ?? [];
  const idleP99 = quiet.length
    ? percentile(
        quiet.map((w) => percentile(w.list.latencies, 99)),
        50,
      )
    : NaN;
  const listBudget = Number.isFinite(idleP99) ? { op: '<=' as const, value: 2 * idleP99 } : undefined;
  const names = ['quiet (baseline)', 'backfill', ...loads.slice(1).map(([n]) => n), '200 alert rules evaluating'];
  for (const name of names) {
    const ws = windows.get(name) ?? [];
    const label =
      name === 'backfill'
        ? `30-day backfill (${backfill.calls} calls, ${backfill.complete ? 'complete' : 'not complete'} in ${backfill.seconds.toFixed(0)} s)`
        : name;
    if (ws.length === 0) {
      const why = name === '200 alert rules evaluating' && rulesProblem ? rulesProblem : 'no window ran';
      ctx.report.skip(S, `${label}: /healthz p99`, 'ms', why, HEALTH_BUDGET);
      ctx.report.skip(S, `${label}: calls-list read p99`, 'ms', why, listBudget);
      continue;
    }
    const probeNote = (rs: ProbeResult[]) => {
      const bad = rs.flatMap((r) => r.statuses.filter((s) => s !== 200));
      const failed = rs.reduce((n, r) => n + r.failures, 0);
      return `${rs.reduce((n, r) => n + r.latencies.length, 0)} probes${bad.length ? `, not 200: ${statusTally(bad)}` : ''}${failed ? `, ${failed} unanswered` : ''}`;
    };
    const answers = ws.flatMap((w) => w.answers);
    ctx.report.add(
      S,
      `${label}: /healthz p99`,
      'ms',
      ws.map((w) => percentile(w.health.latencies, 99)),
      HEALTH_BUDGET,
      `${probeNote(ws.map((w) => w.health))}${answers.length && name !== 'backfill' ? `; the load was answered ${statusTally(answers)}` : ''}`,
    );
    ctx.report.add(
      S,
      `${label}: calls-list read p99`,
      'ms',
      ws.map((w) => percentile(w.list.latencies, 99)),
      name === 'quiet (baseline)' ? undefined : listBudget,
      probeNote(ws.map((w) => w.list)),
    );
    if (name === '100 anonymous sign-ins from one address') {
      ctx.report.add(
        S,
        "100 anonymous sign-ins from one address: another address's sign-in meanwhile",
        'ms',
        ws.map((w) => w.extra ?? NaN),
        { op: '<=', value: 1000 },
      );
    }
  }
  const peaks = [...windowPeaks.values()];
  ctx.report.add(
    S,
    'web process peak RSS (VmHWM) over the section',
    'MiB',
    [Math.max(...peaks, peakMiB(product.webPid))],
    { op: '<=', value: 150 },
    [...windowPeaks].map(([name, mib]) => `${name} ${mib.toFixed(0)}`).join(', '),
  );
  if (product.workerPid) ctx.report.add(S, 'worker peak RSS (VmHWM) over the section', 'MiB', [peakMiB(product.workerPid)], { op: '<=', value: 200 });
  ctx.report.note(
    `No one waits: open-loop probes (/healthz every ${HEALTH_EVERY_MS} ms, the calls list's read every ${LIST_EVERY_MS} ms) during each load's window (${WINDOW_MS / 1000} s, the backfill until its calls are in); p99 per window, median of the windows. The list's budget is 2× the quiet baseline's median p99 (${Number.isFinite(idleP99) ? `${idleP99.toFixed(0)} ms` : 'not measured'}). Alert rules evaluate every ${ALERTS_INTERVAL_S} s in this section (30 s by default).`,
  );
}

/**
 * Starts a process's VmHWM again from its RSS now (`5` to /proc/<pid>/clear_refs, Linux 4.0+), so
 * the next reading is the peak of what happened since. Where it cannot be written, the peak stays
 * the process's whole life's, which only makes the figure larger.
 */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not permitted here: the section's figure is then the whole run's peak.
  }
}

function peakMiB(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
  } catch {
    return NaN;
  }
}

/**
 * 100 sign-ins at once from one address (127.0.1.<round>: a new address per round, so an earlier
 * round's failures do not count against it), each an unknown account with a wrong password; 100 ms
 * in, the viewer signs in from another address (127.0.2.<round>). Its time is `extra`.
 */
async function signInBurst(url: string, round: number): Promise<{ answers: (number | string)[]; extra: number }> {
  const burst = Promise.all(Array.from({ length: 100 }, (_, i) => loginFrom(url, `127.0.1.${round + 1}`, `nobody-${round}-${i}`, `not-the-password-${i}`)));
  await new Promise((r) => setTimeout(r, 100));
  const t = performance.now();
  const status = await loginFrom(url, `127.0.2.${round + 1}`, 'viewer', DEMO_PASSWORD);
  const ms = performance.now() - t;
  const answers = await burst;
  if (status !== 204) throw new Error(`the other address's sign-in was answered ${status} (the burst: ${statusTally(answers)})`);
  return { answers, extra: ms };
}

/**
 * POST /auth/login from a given loopback address (node:http's localAddress: undici's fetch does not
 * bind one), on a connection of its own; the status, or 'error'.
 */
function loginFrom(url: string, localAddress: string, username: string, password: string): Promise<number | string> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve) => {
    const req = httpRequest(
      `${url}/auth/login`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Switchboard': '1', Origin: url },
        timeout: 120_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 'error'));
      },
    );
    req.on('error', () => resolve('error'));
    req.on('timeout', () => req.destroy());
    req.end(body);
  });
}

/** 20 saved views with a transcript-text filter and 10 rules on each (the product's most: 200). */
async function makeRules(url: string, operator: Session): Promise<void> {
  const words = ['appointment', 'invoice', 'refund', 'delivery', 'contract', 'renewal', 'cancel', 'price', 'manager', 'complaint'];
  for (let v = 0; v < 20; v += 1) {
    const res = await fetch(`${url}/bff/views/bench-view-${v}`, {
      method: 'PUT',
      headers: json(url, operator.cookie),
      body: JSON.stringify({ search: { q: `${words[v % words.length]} -${words[(v + 3) % words.length]}`, page: 1, size: 25 } }),
    });
    if (!res.ok) throw new Error(`PUT /bff/views: ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  for (let i = 0; i < 200; i += 1) {
    const condition =
      i % 2 === 0
        ? { kind: 'count', windowMinutes: 5 + (i % 1400), atLeast: 100_000 }
        : { kind: 'share', group: 'failed', windowMinutes: 60 + (i % 1300), abovePercent: 99.9, minCalls: 10_000 };
    const res = await fetch(`${url}/bff/alert-rules`, {
      method: 'POST',
      headers: json(url, operator.cookie),
      body: JSON.stringify({ name: `bench rule ${i}`, viewName: `bench-view-${i % 20}`, condition }),
    });
    if (res.status !== 201) throw new Error(`POST /bff/alert-rules (rule ${i + 1}): ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
}
