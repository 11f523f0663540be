/**
 * Ad-hoc, for tuning the simulator: the bench's simulator figures in one short run (seed, the four
 * list queries at 20 connections, campaign creates, RSS). `node --import tsx bench/lib/sim-probe.ts`
 * (PROBE_DATABASE_URL: on that PostgreSQL instead of a throwaway database on the local server,
 * as bench/lib/sim-server.ts does; PROBE_SECONDS: load per query).
 */
import { load } from './load';
import { builtNode, startChild } from './processes';
import { campaignBody } from './sim-section';

const KEY = 'sim-key-primary-0000000000000001';
const seconds = Number(process.env.PROBE_SECONDS ?? 3);
const [cmd, args] = await builtNode('sim-server');
const env: Record<string, string> = process.env.PROBE_DATABASE_URL ? { SIM_DATABASE_URL: process.env.PROBE_DATABASE_URL } : {};
const sim = await startChild<{ url: string; seedMs: number }>(cmd, args, env, 300_000);
console.log('seed ms', sim.info.seedMs.toFixed(0), 'rss', sim.rssMiB().toFixed(0));
const get = async (path: string) => (await fetch(`${sim.info.url}${path}`, { headers: { 'X-Api-Key': KEY } })).json() as Promise<any>;
const agents = await get('/v1/agents?size=100');
const agentId = agents.content[0].id;
const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 7);
const queries = [
  `agentId=${agentId}&sort=duration,DESC`,
  'campaignName=Winter%20renewals&sort=startTime,ASC',
  `from=${month}-01&to=${month}-28&sort=status,ASC`,
  'sort=endTime,DESC',
];
for (const q of queries) await load({ url: `${sim.info.url}/v1/calls?${q}&size=100&page=6`, connections: 20, duration: 1, headers: { 'X-Api-Key': KEY } });
console.log('after warm-up rss', sim.rssMiB().toFixed(0));
for (const q of queries) {
  const path = `/v1/calls?${q}&size=100&page=2`;
  const t = performance.now();
  await get(path);
  const first = performance.now() - t;
  const r = await load({ url: sim.info.url + path, connections: 20, duration: seconds, headers: { 'X-Api-Key': KEY } });
  console.log(q.padEnd(60), 'first', first.toFixed(0), 'p50', r.p50, 'p99', r.p99, 'rps', r.rps.toFixed(0), 'non2xx', r.non2xx);
}
const outbound = agents.content.find((a: any) => a.type === 'OUTBOUND' && a.active && !a.archived);
const posts: number[] = [];
for (let round = 0; round < 5; round += 1) {
  const body = JSON.stringify(campaignBody(outbound.id, 1000, round));
  const t = performance.now();
  const res = await fetch(`${sim.info.url}/v1/campaigns`, { method: 'POST', headers: { 'X-Api-Key': KEY, 'Content-Type': 'application/json' }, body });
  await res.arrayBuffer();
  posts.push(performance.now() - t);
}
console.log('campaign POST ms', posts.map((p) => p.toFixed(0)).join(' '), 'rss', sim.rssMiB().toFixed(0));
await sim.stop();
