/**
 * BENCH_ONLY=syncrate (only when named: minutes), issue 30's budgets: the call index's sync against
 * the simulator with its per-credential rate limit set to 5, 20 and 100 requests/s
 * (`POST /_sim/limits {rateLimit}`; BENCH_SYNCRATE_LIMITS), each with the product in its real shape
 * on a fresh database (bench/lib/product.ts: web process + worker with the product's index settings),
 * so the worker starts its 30-day backfill from nothing. For BENCH_SYNCRATE_SECONDS (150) per limit:
 * - the index's requests are the simulator's count on the routes the index reads (`GET /v1/calls`,
 *   `/v1/calls/:id`, `/v1/calls/:id/transcript`, from `/_sim/stats` every second) less the staff
 *   load's own list reads, which the bench counts;
 * - its rate over a sliding BENCH_SYNCRATE_WINDOW_S (5 s) window; the time from the worker's start
 *   until that rate first reached 70 % of the limit (budget: within 2 minutes); its steady rate over
 *   the last third of the run, as a share of the limit (goal ≥ 70 %);
 * - a light staff load through the web process (a viewer's calls list and agents list, one read
 *   every BENCH_SYNCRATE_STAFF_MS, 500 ms): every answer's status, and how many were 429 (budget 0).
 * The simulator's limit is set back to 0 (off) at the end, for any section after.
 */
import { parseCallsSearch, toUpstreamQuery } from '../../src/features/calls/model/search-params';
import { signIn } from './bff-section';
import { startProbe, type ProbeResult } from './probe';
import { freePort, startProduct } from './product';
import { statusTally, steadyRate, timeToRate, type CountSample } from './rates';
import { reason, type BenchContext } from './section';
import type { SimInfo } from './sim-section';

const S = 'Sync rate (the index against the upstream limit)';
const SECONDS = Number(process.env.BENCH_SYNCRATE_SECONDS ?? 150);
const WINDOW_MS = Number(process.env.BENCH_SYNCRATE_WINDOW_S ?? 5) * 1000;
const STAFF_MS = Number(process.env.BENCH_SYNCRATE_STAFF_MS ?? 500);
const LIMITS = (process.env.BENCH_SYNCRATE_LIMITS ?? '5,20,100')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** The routes the index reads (server/services/call-index/syncer.ts), as the simulator names them in its stats. */
const INDEX_ROUTES = ['GET /v1/calls', 'GET /v1/calls/:id', 'GET /v1/calls/:id/transcript'];

async function simCalls(sim: SimInfo): Promise<number> {
  const res = await fetch(`${sim.url}/_sim/stats`, { headers: { Authorization: `Bearer ${sim.controlToken}` } });
  const stats = (await res.json()) as { byRoute: Record<string, { count: number }> };
  return INDEX_ROUTES.reduce((n, route) => n + (stats.byRoute[route]?.count ?? 0), 0);
}

async function setLimit(sim: SimInfo, rateLimit: number): Promise<void> {
  const res = await fetch(`${sim.url}/_sim/limits`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${sim.controlToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ rateLimit }),
  });
  if (res.status !== 204) throw new Error(`POST /_sim/limits: ${res.status}`);
}

interface LimitRun {
  samples: CountSample[];
  staff: ProbeResult[];
}

async function runLimit(ctx: BenchContext, sim: SimInfo, limit: number): Promise<LimitRun> {
  await setLimit(sim, limit);
  const product = await startProduct(sim.url, {}, await freePort(process.env.BENCH_SYNCRATE_PORT));
  try {
    const viewer = await signIn(product.url, 'viewer');
    const tokenRes = await fetch(`${product.url}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Switchboard': '1', Origin: product.url, Cookie: viewer.cookie },
      body: JSON.stringify({ scope: ['calls:read', 'agents:read'] }),
    });
    if (!tokenRes.ok) throw new Error(`POST /auth/token: ${tokenRes.status}`);
    const { token } = (await tokenRes.json()) as { token: string };
    const headers = () => ({ Cookie: viewer.cookie, Authorization: `Bearer ${token}` });
    const listUrl = `${product.url}/api/v1/calls?${toUpstreamQuery(parseCallsSearch({})).toString()}`;
    // The staff load: two open-loop probes, the list and the agents, each at half the pace.
    const staffList = startProbe(listUrl, STAFF_MS * 2, headers);
    const staffAgents = startProbe(`${product.url}/api/v1/agents?page=1&size=25`, STAFF_MS * 2, headers);
    const base = await simCalls(sim);
    const staffBase = staffList.sent();
    const started = Date.now();
    await product.startWorker();
    const samples: CountSample[] = [{ atMs: 0, count: 0 }];
    let logged = started;
    try {
      while (Date.now() - started < SECONDS * 1000) {
        await new Promise((r) => setTimeout(r, 1000));
        // The index's requests: the simulator's count on its routes, less the staff's list reads sent meanwhile.
        const count = (await simCalls(sim)) - base - (staffList.sent() - staffBase);
        samples.push({ atMs: Date.now() - started, count: Math.max(0, count) });
        if (Date.now() - logged > 15_000) {
          logged = Date.now();
          ctx.log(`syncrate ${limit}/s: ${samples.at(-1)!.count} index requests in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
      }
    } finally {
      await Promise.all([staffList.stop(), staffAgents.stop()]);
    }
    return { samples, staff: await Promise.all([staffList.stop(), staffAgents.stop()]) };
  } finally {
    await product.stop();
  }
}

export async function syncrateSection(ctx: BenchContext, sim: SimInfo): Promise<void> {
  try {
    for (const limit of LIMITS) {
      const name = `limit ${limit} requests/s`;
      try {
        const run = await runLimit(ctx, sim, limit);
        const reached = timeToRate(run.samples, 0.7 * limit, WINDOW_MS);
        const steady = steadyRate(run.samples, (SECONDS * 1000 * 2) / 3);
        const statuses = run.staff.flatMap((r) => r.statuses);
        const refused = statuses.filter((s) => s === 429).length;
        ctx.log(
          `syncrate ${name}: steady ${steady.toFixed(1)}/s, 70 % ${reached === null ? 'never reached' : `after ${(reached / 1000).toFixed(0)} s`}, staff ${statusTally(statuses)}`,
        );
        const budget = { op: '<=' as const, value: 120 };
        const seen = `never, in ${SECONDS} s (steady ${steady.toFixed(1)} requests/s)`;
        // Never reached in a run as long as the budget: a miss with what was seen; in a shorter run, undecided.
        if (reached === null && SECONDS >= budget.value) ctx.report.miss(S, `${name}: time to 70 % of the limit`, 's', seen, budget);
        else if (reached === null) ctx.report.skip(S, `${name}: time to 70 % of the limit`, 's', `${seen}, a run shorter than the budget`, budget);
        else ctx.report.add(S, `${name}: time to 70 % of the limit`, 's', [reached / 1000], budget);
        ctx.report.add(S, `${name}: the index's steady rate (last third of ${SECONDS} s)`, 'requests/s', [steady]);
        ctx.report.add(S, `${name}: steady rate ÷ limit`, '×', [steady / limit], { op: '>=', value: 0.7 });
        ctx.report.add(
          S,
          `${name}: staff reads answered 429`,
          'requests',
          [refused],
          { op: '<=', value: 0 },
          `${statuses.length} staff reads: ${statusTally(statuses)}`,
        );
      } catch (error) {
        ctx.log(`syncrate ${name}: ${reason(error)}`);
        ctx.report.skip(S, `${name}: time to 70 % of the limit`, 's', reason(error), { op: '<=', value: 120 });
      }
    }
    ctx.report.note(
      `Sync rate: the index's requests counted at the simulator (its routes, less the staff's list reads), rate over a ${WINDOW_MS / 1000}-s window; the product's index settings as configured (INDEX_RATE_PER_SECOND ${process.env.INDEX_RATE_PER_SECOND ?? 'default'}); staff: a viewer's list and agents reads, one every ${STAFF_MS} ms, through the web process.`,
    );
  } finally {
    await setLimit(sim, 0).catch(() => undefined);
  }
}
