/**
 * Simulator (issue 3's budgets): seed time for 100,000 calls, GET /v1/calls with a filter and a
 * sort at 20 connections (several combinations, interleaved round by round), POST /v1/campaigns
 * with 1,000 recipients, and the process's RSS (the simulator's alone, not the PostgreSQL server's);
 * twice, each on the local PostgreSQL server in a database of its own.
 */
import { createTestDatabase, databaseAvailable } from '../../common/test-db';
import { load } from './load';
import { builtNode, startChild, type Child } from './processes';
import { timeLeft, type BenchContext } from './section';

export const SIM_KEY = 'sim-key-primary-0000000000000001';
export interface SimInfo {
  url: string;
  seedMs: number;
  controlToken: string;
}

async function getJson(url: string): Promise<any> {
  const res = await fetch(url, { headers: { 'X-Api-Key': SIM_KEY } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

export function campaignBody(agentId: string, n: number, round: number) {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return {
    name: `Bench ${round}`,
    agentId,
    startDate: tomorrow,
    timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
    batchSize: 100,
    days: ['MONDAY', 'WEDNESDAY'],
    timezone: 'Europe/Paris',
    recipients: Array.from({ length: n }, (_, i) => ({
      phone: `+3361${String(round).padStart(2, '0')}${String(i).padStart(5, '0')}`,
      context: { firstName: `R${i}`, plan: 'Premium' },
      segmentationTags: ['bench'],
    })),
  };
}

interface Storage {
  section: string;
  /** Rounds of the list queries and campaign creates. */
  rounds: number;
  /** Seconds of load per list query and round. */
  seconds: number;
  /** Whether the RSS budget applies (the process holds the database). */
  rssBudget: boolean;
}

/** One simulator measured: seed, the four list queries (after a short unrecorded warm-up), campaign creates, RSS. */
async function measure(ctx: BenchContext, sim: Child<SimInfo>, seedCalls: number, storage: Storage): Promise<void> {
  const { report } = ctx;
  const url = sim.info.url;
  const SECTION = storage.section;
  report.add(
    SECTION,
    `seed ${seedCalls.toLocaleString('en-US')} calls (start-up included)`,
    's',
    [sim.info.seedMs / 1000],
    { op: '<=', value: 60 },
    'one seed per bench run',
  );
  const rss: number[] = [sim.rssMiB()];

  const agents = await getJson(`${url}/v1/agents?size=100`);
  const busiest = await getJson(`${url}/v1/calls?size=1&agentId=${agents.content[0].id}`);
  const outbound = agents.content.find((a: any) => a.type === 'OUTBOUND' && a.active && !a.archived);
  const agentId = agents.content[0].id as string;
  ctx.log(`simulator (${SECTION}): agent ${agentId} has ${busiest.totalElements} calls`);
  const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 7);
  const combos: { name: string; query: string }[] = [
    { name: 'agentId + sort=duration,DESC', query: `agentId=${agentId}&sort=duration,DESC` },
    { name: 'campaignName + sort=startTime,ASC', query: 'campaignName=Winter%20renewals&sort=startTime,ASC' },
    { name: `from/to (${month}) + sort=status,ASC`, query: `from=${month}-01&to=${month}-28&sort=status,ASC` },
    { name: 'no filter + sort=endTime,DESC', query: 'sort=endTime,DESC' },
  ];
  // Warm-up, not recorded: the first requests after start-up run while V8 still compiles the
  // simulator's code and the server's caches are cold (it was for PGlite's WebAssembly, compiled
  // to optimised code for about a second of 10x slower queries, before ADR 0031). Page 6, just
  // past the rounds' pages: a deep page would leave slow requests queued into the first round.
  for (const combo of combos)
    await load({ url: `${url}/v1/calls?${combo.query}&size=100&page=6`, connections: 20, duration: 1, headers: { 'X-Api-Key': SIM_KEY } });
  const p50: number[][] = combos.map(() => []);
  const p99: number[][] = combos.map(() => []);
  const rps: number[][] = combos.map(() => []);
  const post: number[] = [];
  for (let round = 0; round < storage.rounds; round += 1) {
    for (const [i, combo] of combos.entries()) {
      // Another page each round, so no round replays the last one's query.
      const r = await load({
        url: `${url}/v1/calls?${combo.query}&size=100&page=${round + 1}`,
        connections: 20,
        duration: storage.seconds,
        headers: { 'X-Api-Key': SIM_KEY },
      });
      if (r.errors || r.non2xx) ctx.log(`simulator ${combo.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
      p50[i]!.push(r.p50);
      p99[i]!.push(r.p99);
      rps[i]!.push(r.rps);
    }
    // POST /v1/campaigns with 1,000 recipients, one at a time (latency, not throughput).
    const body = JSON.stringify(campaignBody(outbound.id, 1000, round));
    const t = performance.now();
    const res = await fetch(`${url}/v1/campaigns`, { method: 'POST', headers: { 'X-Api-Key': SIM_KEY, 'Content-Type': 'application/json' }, body });
    const ms = performance.now() - t;
    if (res.status !== 201 && res.status !== 200) ctx.log(`simulator: campaign create ${res.status} ${(await res.text()).slice(0, 300)}`);
    else post.push(ms);
    await res.arrayBuffer().catch(() => undefined);
    rss.push(sim.rssMiB());
  }
  for (const [i, combo] of combos.entries()) {
    report.add(SECTION, `GET /v1/calls ${combo.name}, 20 connections: p99`, 'ms', p99[i]!, { op: '<=', value: 30 });
    report.add(SECTION, `GET /v1/calls ${combo.name}, 20 connections: p50`, 'ms', p50[i]!);
    report.add(SECTION, `GET /v1/calls ${combo.name}, 20 connections: throughput`, 'req/s', rps[i]!);
  }
  report.add(SECTION, 'POST /v1/campaigns with 1,000 recipients', 'ms', post, { op: '<=', value: 150 });
  if (storage.rssBudget) report.add(SECTION, 'RSS with 100,000 calls (after seed and after each round)', 'MiB', rss, { op: '<=', value: 300 });
  else report.add(SECTION, 'RSS of the simulator process (the PostgreSQL server not included)', 'MiB', rss);
}

/**
 * The simulator in the child the other sections use (bench/lib/sim-server.ts: a throwaway database
 * on the local PostgreSQL server; the section's name still says "PGlite on disk", the engine it
 * measured before ADR 0031), then the same in another database made for it and dropped after
 * (fewer, shorter rounds: the section stays near two and a half minutes). BENCH_SIM_POSTGRES=0 skips it.
 */
export async function simulatorSection(ctx: BenchContext, sim: Child<SimInfo>, seedCalls: number): Promise<void> {
  await measure(ctx, sim, seedCalls, {
    section: 'Simulator (100,000 calls, PGlite on disk)',
    rounds: ctx.runs,
    seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 3),
    rssBudget: true,
  });
  if (process.env.BENCH_SIM_POSTGRES === '0') return;
  const section = 'Simulator (100,000 calls, PostgreSQL server)';
  if (timeLeft(ctx) < 240_000) return void ctx.report.skip(section, '(all figures)', '', 'not enough time left in the bench');
  if (!(await databaseAvailable()))
    return void ctx.report.skip(section, '(all figures)', '', 'no PostgreSQL server at TEST_DATABASE_URL (default 127.0.0.1:5432)');
  const db = await createTestDatabase('bench_sim');
  try {
    const [cmd, args] = await builtNode('sim-server');
    const pgSim = await startChild<SimInfo>(cmd, args, { BENCH_SEED_CALLS: String(seedCalls), SIM_DATABASE_URL: db.url, BENCH_SIM_PORT: '0' }, 300_000);
    try {
      await measure(ctx, pgSim, seedCalls, { section, rounds: 3, seconds: 2, rssBudget: false });
    } finally {
      await pgSim.stop();
    }
  } finally {
    await db.drop();
  }
}
