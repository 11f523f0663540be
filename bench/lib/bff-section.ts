/**
 * BFF: /api/v1/calls through the BFF vs the simulator directly vs a bare @fastify/http-proxy in
 * front of the same simulator, interleaved per round: the latency each adds at one connection (no
 * queue in front of the simulator, so the difference is the hop itself), and throughput at 50
 * connections (the simulator saturated, so the ratio shows what each hop costs); token minting
 * under 100 concurrent requests with the upstream calls counted; recording Range latency; sign-in.
 */
import { load, type LoadResult } from './load';
import type { BenchContext } from './section';
import { SIM_KEY, type SimInfo } from './sim-section';
import { percentile } from './stats';

const SECTION = 'BFF';
export const DEMO_PASSWORD = 'switchboard-demo';

export interface Session {
  cookie: string;
  ms: number;
}

export async function signIn(bff: string, username: string): Promise<Session> {
  const t = performance.now();
  const res = await fetch(`${bff}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Switchboard': '1', Origin: bff },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const ms = performance.now() - t;
  if (res.status !== 204) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, ms };
}

async function mint(bff: string, cookie: string, scope: string[]): Promise<{ token: string; ms: number }> {
  const t = performance.now();
  const res = await fetch(`${bff}/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Switchboard': '1', Origin: bff, Cookie: cookie },
    body: JSON.stringify({ scope }),
  });
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`token: ${res.status} ${await res.text()}`);
  return { token: ((await res.json()) as { token: string }).token, ms };
}

async function tokenCalls(sim: SimInfo): Promise<number> {
  const res = await fetch(`${sim.url}/_sim/stats`, { headers: { Authorization: `Bearer ${sim.controlToken}` } });
  const stats = (await res.json()) as { byRoute: Record<string, { count: number }> };
  return Object.entries(stats.byRoute)
    .filter(([route]) => route.includes('/v1/auth/token'))
    .reduce((n, [, v]) => n + v.count, 0);
}

export async function bffSection(ctx: BenchContext, sim: SimInfo, bff: string, proxy: string): Promise<void> {
  const { report } = ctx;
  const signIns: number[] = [];
  const viewer = await signIn(bff, 'viewer');
  const { token } = await mint(bff, viewer.cookie, ['calls:read']);
  const targets: { name: string; url: string; prefix: string; headers: Record<string, string> }[] = [
    { name: 'simulator directly', url: sim.url, prefix: '', headers: { 'X-Api-Key': SIM_KEY } },
    { name: 'bare @fastify/http-proxy', url: proxy, prefix: '/api', headers: { 'X-Api-Key': SIM_KEY } },
    { name: 'Switchboard BFF', url: bff, prefix: '/api', headers: { Cookie: viewer.cookie, Authorization: `Bearer ${token}` } },
  ];
  // One connection (the hop's own latency, no queue) and 50 (the simulator saturated: throughput).
  const loads = [
    { connections: 1, label: '1 connection', throughput: false },
    { connections: 50, label: '50 connections', throughput: true },
  ] as const;
  // byLoad[load][target]: one result per round.
  const byLoad: LoadResult[][][] = loads.map(() => targets.map(() => []));
  // 2 s a load (6 loads a round): at 1 connection that is still ~500 requests per figure.
  const seconds = Number(process.env.BENCH_BFF_LOAD_SECONDS ?? 2);
  const mintWall: number[] = [];
  const mintP99: number[] = [];
  const mintUpstream: number[] = [];
  const rangeCold: number[] = [];
  const rangeWarm: number[] = [];
  let rangeProblem = '';

  const recent = (await (await fetch(`${sim.url}/v1/calls?size=100`, { headers: { 'X-Api-Key': SIM_KEY } })).json()) as { content: any[] };
  const recorded = recent.content.filter((c) => c.recorded && c.status !== 'IN_PROGRESS');

  for (let round = 0; round < ctx.runs; round += 1) {
    // Rotate the order so no target always runs first (warm-up) or last (heat).
    for (let k = 0; k < targets.length; k += 1) {
      const i = (k + round) % targets.length;
      const target = targets[i]!;
      // The same page for the three targets in a round; another page each round.
      const url = `${target.url}${target.prefix}/v1/calls?size=100&sort=startTime,DESC&page=${round + 1}`;
      for (const [j, { connections }] of loads.entries()) {
        const x = await load({ url, connections, duration: seconds, headers: target.headers });
        if (x.errors || x.non2xx) ctx.log(`bff ${target.name}, ${connections} connections: ${x.errors} errors, ${x.non2xx} non-2xx of ${x.requests}`);
        byLoad[j]![i]!.push(x);
      }
    }

    // A fresh session each round: its first token is a real mint, 100 asks at once.
    const session = await signIn(bff, ['viewer', 'operator', 'admin'][round % 3]!);
    signIns.push(session.ms);
    const before = await tokenCalls(sim);
    const t = performance.now();
    const all = await Promise.all(Array.from({ length: 100 }, () => mint(bff, session.cookie, ['calls:read', 'agents:read'])));
    mintWall.push(performance.now() - t);
    mintP99.push(
      percentile(
        all.map((a) => a.ms),
        99,
      ),
    );
    mintUpstream.push((await tokenCalls(sim)) - before);

    // Recording: the first Range of a call not fetched before, then ten more at other offsets.
    const call = recorded[round % Math.max(1, recorded.length)];
    if (call) {
      try {
        await recording();
      } catch (error) {
        rangeProblem = error instanceof Error ? error.message : String(error);
        ctx.log(`recording: ${rangeProblem}`);
      }
    }
    async function recording() {
      if (!call) return;
      const range = async (start: number) => {
        const t0 = performance.now();
        const res = await fetch(`${bff}/bff/recordings/${call.id}`, { headers: { Cookie: viewer.cookie, Range: `bytes=${start}-${start + 65_535}` } });
        await res.arrayBuffer();
        if (res.status !== 206) throw new Error(`recording range: ${res.status}`);
        return performance.now() - t0;
      };
      rangeCold.push(await range(0));
      const warm: number[] = [];
      for (let j = 1; j <= 10; j += 1) warm.push(await range(j * 8000));
      rangeWarm.push(percentile(warm, 50));
    }
  }

  for (const [i, target] of targets.entries()) {
    for (const [j, { label, throughput }] of loads.entries()) {
      const runs = byLoad[j]![i]!;
      const name = `GET /calls (100 rows) via ${target.name}, ${label}`;
      report.add(
        SECTION,
        `${name}: p50`,
        'ms',
        runs.map((r) => r.p50),
      );
      report.add(
        SECTION,
        `${name}: p99`,
        'ms',
        runs.map((r) => r.p99),
      );
      if (throughput)
        report.add(
          SECTION,
          `${name}: throughput`,
          'req/s',
          runs.map((r) => r.rps),
        );
    }
  }
  const [direct1, bare1, ours1] = byLoad[0] as [LoadResult[], LoadResult[], LoadResult[]];
  const [, bare, ours] = byLoad[1] as [LoadResult[], LoadResult[], LoadResult[]];
  report.add(
    SECTION,
    'BFF added latency p50 (BFF − direct, 1 connection, same round)',
    'ms',
    ours1.map((r, k) => r.p50 - direct1[k]!.p50),
    { op: '<=', value: 2 },
  );
  report.add(
    SECTION,
    'BFF added latency p99 (BFF − direct, 1 connection, same round)',
    'ms',
    ours1.map((r, k) => r.p99 - direct1[k]!.p99),
    { op: '<=', value: 10 },
  );
  report.add(
    SECTION,
    'bare proxy added latency p50 (proxy − direct, 1 connection, same round)',
    'ms',
    bare1.map((r, k) => r.p50 - direct1[k]!.p50),
  );
  report.add(
    SECTION,
    'bare proxy added latency p99 (proxy − direct, 1 connection, same round)',
    'ms',
    bare1.map((r, k) => r.p99 - direct1[k]!.p99),
  );
  report.add(
    SECTION,
    'BFF throughput / bare proxy throughput (same round)',
    '%',
    ours.map((r, k) => (100 * r.rps) / bare[k]!.rps),
    { op: '>=', value: 80 },
  );
  report.add(SECTION, '100 concurrent POST /auth/token: wall time', 'ms', mintWall);
  report.add(SECTION, '100 concurrent POST /auth/token: p99 of one', 'ms', mintP99);
  report.add(SECTION, '100 concurrent POST /auth/token: upstream token calls', 'calls', mintUpstream, { op: '<=', value: 1 });
  if (rangeCold.length) {
    report.add(
      SECTION,
      'recording Range 64 KiB, first fetch of a call (upstream fetch + decode)',
      'ms',
      rangeCold,
      undefined,
      rangeProblem && `some runs failed: ${rangeProblem}`,
    );
    report.add(SECTION, 'recording Range 64 KiB, later ranges (median of 10)', 'ms', rangeWarm);
  } else report.skip(SECTION, 'recording Range latency', 'ms', rangeProblem || 'no recorded finished call in the first 100');
  report.add(SECTION, 'sign-in (POST /auth/login, password hash included)', 'ms', signIns);
}
