/** Ad-hoc: seed 100k, load a few list queries, campaign posts, RSS. `node --import tsx bench/lib/sim-probe.ts` */
import { load } from './load';
import { startChild, tsNode } from './processes';

const KEY = 'sim-key-primary-0000000000000001';
const [cmd, args] = tsNode('./sim-server.ts');
const sim = await startChild<{ url: string; seedMs: number }>(cmd, args, {});
console.log('seed ms', sim.info.seedMs.toFixed(0), 'rss', sim.rssMiB().toFixed(0));
const agents = (await (await fetch(`${sim.info.url}/v1/agents?size=100`, { headers: { 'X-Api-Key': KEY } })).json()) as any;
const agentId = agents.content[0].id;
const sorts = ['startTime,DESC', 'duration,DESC', 'status,ASC', 'endTime,ASC'];
const filters = [`agentId=${agentId}`, 'campaignName=Winter%20renewals', 'from=2026-10-01&to=2026-10-31', ''];
for (const f of filters) {
  for (const s of sorts) {
    const path = `/v1/calls?${f}&sort=${s}&size=100`;
    const t = performance.now();
    await fetch(`${sim.info.url}${path}`, { headers: { 'X-Api-Key': KEY } });
    const first = performance.now() - t;
    const r = await load({ url: sim.info.url + path, connections: 20, duration: 2, headers: { 'X-Api-Key': KEY } });
    console.log(f.padEnd(45), s.padEnd(16), 'first', first.toFixed(0), 'p50', r.p50, 'p99', r.p99, 'rps', r.rps.toFixed(0), 'non2xx', r.non2xx);
  }
}
console.log('rss', sim.rssMiB().toFixed(0));
await sim.stop();
