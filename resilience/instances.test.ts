/**
 * Several instances, for real: two BFF processes sharing one PostgreSQL, behind HAProxy (Debian's
 * package; the suite fails, it does not skip, where HAProxy is missing), in front of the real
 * simulator on PostgreSQL too, so what reached the upstream can be counted in its store.
 *
 * Promises: a session made on one instance works on the other (and its end is seen there within
 * the session cache's window); the sign-in limit holds across both, whatever X-Forwarded-For a
 * client forges; one Idempotency-Key sent to both at once creates once upstream; an upstream
 * outage is reported by /readyz without emptying the pool; `kill -9` of one instance under load
 * loses no acknowledged write, and HAProxy's health checks (on /readyz, read back from its stats
 * socket) take the instance out and, after a restart, put it back.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIM_API_KEY } from '../simulator/app';
import { CHECK, Client, startCluster, type Answer, type Cluster } from './testing/cluster';
import { writeResult } from './report';

const LIMIT = 5;
let cluster: Cluster;
let bffDb: pg.Pool;
let simDb: pg.Pool;
let agentId: string;
const clients: Client[] = [];
const figures: Record<string, number | string> = {};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

function client(address?: string): Client {
  const c = new Client(cluster.url, address);
  clients.push(c);
  return c;
}

async function signedIn(username: string, address?: string): Promise<Client> {
  const c = client(address);
  const res = await c.login(username);
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return c;
}

const campaign = (name: string, phones = 2) => ({
  name,
  agentId,
  startDate,
  timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
  batchSize: 10,
  days: ['MONDAY', 'TUESDAY'],
  recipients: Array.from({ length: phones }, (_, i) => ({ phone: `+1415555${String(i).padStart(4, '0')}` })),
  timezone: 'Europe/Paris',
});

/** Campaigns the upstream holds, by name (the simulator's own store). */
async function upstreamCampaigns(names: string[]): Promise<Map<string, number>> {
  const { rows } = await simDb.query<{ name: string; n: number }>('SELECT name, count(*)::int AS n FROM campaigns WHERE name = ANY($1) GROUP BY name', [names]);
  return new Map(rows.map((r) => [r.name, r.n]));
}

beforeAll(async () => {
  cluster = await startCluster({ env: { LOGIN_MAX_FAILURES: String(LIMIT) } });
  bffDb = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  simDb = new pg.Pool({ connectionString: cluster.simDatabaseUrl, max: 2 });
  const agents = await (await fetch(`${cluster.simUrl}/v1/agents?type=OUTBOUND&size=100`, { headers: { 'x-api-key': DEFAULT_SIM_API_KEY } })).json();
  agentId = agents.content.find((a: { active: boolean; archived: boolean }) => a.active && !a.archived).id;
}, 300_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await bffDb?.end();
  await simDb?.end();
  await cluster?.stop();
  writeResult({
    suite: 'several-instances',
    promises: [
      'A session made on one instance works on the other, and so does a read token minted in it; signing out on one is seen by the other within its session cache window (2 s).',
      `The sign-in limit (${LIMIT} per account and address) holds across both instances, and a forged X-Forwarded-For does not get past it.`,
      'One Idempotency-Key sent to both instances at once creates exactly once upstream.',
      "An upstream outage shows in /readyz but does not take the instances out of HAProxy's rotation (they share the upstream).",
      '`kill -9` of one instance under load loses no acknowledged write; HAProxy takes it out of rotation and, after a restart, puts it back.',
      '`kill -9` of the worker leaves both instances answering (and in rotation); their /readyz says no worker runs.',
    ],
    figures,
  });
});

describe('two BFF instances behind HAProxy on one PostgreSQL', () => {
  it('a session made on one instance works on the other, and its end is seen there', async () => {
    const viewer = await signedIn('viewer');
    const answers: Answer[] = [];
    for (let i = 0; i < 8; i += 1) answers.push(await viewer.request('GET', '/auth/session'));
    const servers = new Set(answers.map((a) => a.servedBy));
    expect([...servers].sort(), 'round robin reached both instances').toEqual(cluster.instances.map((i) => i.name));
    for (const a of answers) expect([a.status, a.body?.user, a.servedBy]).toEqual([200, 'viewer', a.servedBy]);
    figures.sessionChecks = answers.length;
    // A read token minted through one instance is honoured by the other (it is bound to the session in the database).
    const minted = await viewer.request('POST', '/auth/token', { scope: ['agents:read'] });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const reads = await Promise.all(
      [0, 1, 2, 3].map(() => viewer.request('GET', '/api/v1/agents?size=1', undefined, { authorization: `Bearer ${minted.body.token}` })),
    );
    expect(new Set(reads.map((r) => r.servedBy)).size).toBe(2);
    expect(reads.map((r) => r.status)).toEqual([200, 200, 200, 200]);

    // Sign out through one instance; the other may serve its cached copy for the cache window only.
    const cookie = viewer.cookie!;
    const out = await viewer.request('POST', '/auth/logout');
    expect(out.status).toBeLessThan(300);
    const other = cluster.instances.find((i) => i.name !== out.servedBy)!;
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 10_000) {
      const res = await fetch(`${other.url}/auth/session`, { headers: { cookie } });
      status = res.status;
      if (status === 200) await sleep(50);
    }
    figures.signOutSeenByOtherInstanceMs = Date.now() - started;
    expect(status, 'the other instance refuses the ended session').toBe(401);
    expect(Date.now() - started, 'within the session cache window (2 s) and margin').toBeLessThan(3_000);
  });

  it('the sign-in limit holds across both instances, whatever X-Forwarded-For says', async () => {
    const attacker = client('127.0.0.2');
    const tries = 4 * LIMIT;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) => attacker.login('admin', `wrong-password-${i}`, { 'x-forwarded-for': `198.51.100.${i + 1}` })),
    );
    const evaluated = answers.filter((a) => a.status === 401).length;
    const limited = answers.filter((a) => a.status === 429).length;
    figures.signInAttemptsBothInstances = tries;
    figures.signInAttemptsEvaluated = evaluated;
    figures.signInAttemptsRefused429 = limited;
    expect(new Set(answers.map((a) => a.servedBy)).size, 'the attempts reached both instances').toBe(2);
    expect(evaluated, 'exactly the limit is evaluated, across both').toBe(LIMIT);
    expect(limited).toBe(tries - LIMIT);
    // The right password from there is refused too, on either instance.
    const right = await Promise.all([attacker.login('admin'), attacker.login('admin')]);
    expect(right.map((a) => a.status)).toEqual([429, 429]);
    expect(new Set(right.map((a) => a.servedBy)).size).toBe(2);

    // The BFF counts the client's address as HAProxy saw it (not HAProxy's, not the forged one):
    // the same account from another address still signs in.
    const colleague = client('127.0.0.3');
    expect((await colleague.login('admin')).status).toBe(204);
    const { rows } = await bffDb.query<{ bucket: string }>("SELECT bucket FROM login_limits WHERE bucket LIKE 'pair:admin|%'");
    expect(rows.map((r) => r.bucket)).toEqual(['pair:admin|127.0.0.2']);
  });

  it('one Idempotency-Key sent to both instances at once creates exactly once', async () => {
    const operator = await signedIn('operator');
    const rounds = 6;
    const names: string[] = [];
    let served = new Set<string>();
    let conflicts = 0;
    for (let r = 0; r < rounds; r += 1) {
      const key = `both-${randomUUID()}`;
      const name = `Both instances ${key}`;
      names.push(name);
      const body = campaign(name);
      const answers = await Promise.all([0, 1].map(() => operator.request('POST', '/bff/campaigns', body, { 'idempotency-key': key })));
      served = new Set([...served, ...answers.map((a) => a.servedBy)]);
      expect(new Set(answers.map((a) => a.servedBy)).size, 'the two copies went to the two instances').toBe(2);
      for (const a of answers) expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
      conflicts += answers.filter((a) => a.status === 409).length;
      // Asked again once both answered: the stored answer, the same campaign.
      let again = await operator.request('POST', '/bff/campaigns', body, { 'idempotency-key': key });
      for (let i = 0; again.status === 409 && i < 20; i += 1) {
        await sleep(250);
        again = await operator.request('POST', '/bff/campaigns', body, { 'idempotency-key': key });
      }
      expect(again.status).toBe(201);
      for (const a of answers.filter((x) => x.status === 201)) expect(a.body.id).toBe(again.body.id);
    }
    const upstream = await upstreamCampaigns(names);
    figures.sameKeyBothInstancesRounds = rounds;
    figures.sameKeyAnswered409InFlight = conflicts;
    figures.sameKeyCampaignsUpstream = [...upstream.values()].reduce((a, b) => a + b, 0);
    for (const name of names) expect(upstream.get(name), name).toBe(1);
    const registry = await bffDb.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns WHERE name = ANY($1)', [names]);
    expect(registry.rows[0]!.n).toBe(rounds);
  });

  it('an upstream outage shows in /readyz but keeps both instances in rotation', async () => {
    const viewer = await signedIn('viewer');
    const control = { authorization: `Bearer ${cluster.simControlToken}`, 'content-type': 'application/json' };
    const injected = await fetch(`${cluster.simUrl}/_sim/faults`, {
      method: 'POST',
      headers: control,
      body: JSON.stringify({ method: 'GET', path: '/v1/agents', hang: true }),
    });
    expect(injected.status).toBe(201);
    try {
      // Both instances notice (their probe is cached 5 s and waits 3 s).
      const until = Date.now() + 20_000;
      let states: { upstream: boolean }[] = [];
      while (Date.now() < until) {
        states = await Promise.all(cluster.instances.map(async (i) => (await fetch(`${i.url}/readyz`)).json() as Promise<{ upstream: boolean }>));
        if (states.every((s) => !s.upstream)) break;
        await sleep(250);
      }
      expect(states.map((s) => s.upstream)).toEqual([false, false]);
      // Longer than HAProxy needs to take a failing server out.
      await sleep(CHECK.interMs * (CHECK.fall + 2) + 4000);
      const stats = await cluster.stats();
      expect(stats.map((s) => s.status)).toEqual(['UP', 'UP']);
      const session = await viewer.request('GET', '/auth/session');
      expect(session.status).toBe(200);
      figures.upstreamOutageInstancesInRotation = stats.filter((s) => s.status === 'UP').length;
    } finally {
      await fetch(`${cluster.simUrl}/_sim/faults`, { method: 'DELETE', headers: { authorization: control.authorization } });
    }
  });

  it('kill -9 of one instance under load loses no acknowledged write; HAProxy takes it out and puts it back', async () => {
    // One after the other: parallel sign-ins of one account from one address count against its limit.
    const workers: Client[] = [];
    for (let i = 0; i < 8; i += 1) workers.push(await signedIn('operator'));
    /** `at`: when it was sent; `done`: when its answer (or the failure) came. */
    type Write = {
      kind: 'campaign' | 'dnc';
      ref: string;
      status: number;
      servedBy: string;
      at: number;
      done: number;
      id?: string;
      key?: string;
      body?: unknown;
      error?: string;
    };
    const writes: Write[] = [];
    const phase = { stop: false };
    let seq = 0;
    const work = async (c: Client) => {
      while (!phase.stop) {
        seq += 1;
        const n = seq;
        const key = `kill-${randomUUID()}`;
        const name = `Kill test ${key}`;
        const sent = Date.now();
        const body = campaign(name);
        let error: string | undefined;
        const a = await c
          .request('POST', '/bff/campaigns', body, { 'idempotency-key': key })
          .catch((e: Error) => ((error = String(e.cause ?? e.message)), null));
        writes.push({
          kind: 'campaign',
          ref: name,
          status: a?.status ?? 0,
          servedBy: a?.servedBy ?? '',
          at: sent,
          done: Date.now(),
          id: a?.body?.id,
          key,
          body,
          error,
        });
        const phone = `+336${String(10_000_000 + n).slice(-8)}`;
        const sent2 = Date.now();
        let error2: string | undefined;
        const b = await c
          .request('POST', '/bff/do-not-call', { phone, reason: 'resilience: kill -9 under load' })
          .catch((e: Error) => ((error2 = String(e.cause ?? e.message)), null));
        writes.push({ kind: 'dnc', ref: phone, status: b?.status ?? 0, servedBy: b?.servedBy ?? '', at: sent2, done: Date.now(), error: error2 });
      }
    };
    const load = Promise.all(workers.map(work));
    const victim = cluster.instances[0]!;
    const waitFor = async (test: (status: string) => boolean, timeoutMs: number) => {
      const started = Date.now();
      for (;;) {
        const s = (await cluster.stats()).find((x) => x.name === victim.name)!;
        if (test(s.status)) return Date.now() - started;
        if (Date.now() - started > timeoutMs) throw new Error(`${victim.name} still ${s.status} after ${timeoutMs} ms`);
        await sleep(50);
      }
    };
    try {
      await sleep(4000);
      const killedAt = Date.now();
      await cluster.kill(victim);
      const outMs = await waitFor((s) => s.startsWith('DOWN'), 15_000);
      const downAt = Date.now();
      await sleep(3000);
      const restartMs = await cluster.start(victim);
      const backMs = await waitFor((s) => s === 'UP', 15_000);
      const upAt = Date.now();
      await sleep(4000);
      phase.stop = true;
      await load;

      const ok = writes.filter((w) => w.status >= 200 && w.status < 300);
      const failed = writes.filter((w) => !(w.status >= 200 && w.status < 300));
      figures.killLoadWrites = writes.length;
      figures.killAcknowledgedWrites = ok.length;
      figures.killFailedWrites = failed.length;
      figures.killFailures = [...new Set(failed.map((w) => `${w.kind} ${w.status || w.error}`))].sort().join('; ') || 'none';
      figures.killToOutOfRotationMs = outMs;
      figures.killRestartToReadyMs = restartMs;
      figures.killReadyToBackInRotationMs = backMs;
      figures.killHealthCheck = `GET /readyz every ${CHECK.interMs} ms, fall ${CHECK.fall}, rise ${CHECK.rise}`;
      const servedAfterBack = ok.filter((w) => w.at > upAt && w.servedBy === victim.name).length;
      figures.killWritesServedByRestartedInstance = servedAfterBack;

      // Every acknowledged write is there afterwards: campaigns upstream and in the registry,
      // do-not-call entries in the database.
      const campaigns = ok.filter((w) => w.kind === 'campaign');
      const upstream = await upstreamCampaigns(campaigns.map((w) => w.ref));
      const registry = await bffDb.query<{ id: string }>('SELECT id::text FROM campaigns WHERE id = ANY($1::uuid[])', [campaigns.map((w) => w.id)]);
      const dnc = ok.filter((w) => w.kind === 'dnc');
      const stored = await bffDb.query<{ phone: string }>('SELECT phone FROM do_not_call WHERE phone = ANY($1)', [dnc.map((w) => w.ref)]);
      figures.killAcknowledgedLost =
        campaigns.filter((w) => upstream.get(w.ref) !== 1).length + (campaigns.length - registry.rowCount!) + (dnc.length - stored.rowCount!);
      expect(campaigns.filter((w) => upstream.get(w.ref) !== 1).map((w) => w.ref)).toEqual([]);
      expect(registry.rowCount).toBe(campaigns.length);
      expect(stored.rowCount).toBe(dnc.length);
      // No create went upstream twice, acknowledged or not.
      const all = await upstreamCampaigns(writes.filter((w) => w.kind === 'campaign').map((w) => w.ref));
      expect([...all.values()].filter((n) => n > 1)).toEqual([]);

      // What became of the creates that got no answer: asked again with the same key, they get the
      // stored answer or a clear 409 (still in flight / outcome unknown), and none runs twice.
      const unanswered = failed.filter((w) => w.kind === 'campaign');
      const applied = await upstreamCampaigns(unanswered.map((w) => w.ref));
      figures.killUnansweredCreates = unanswered.length;
      figures.killUnansweredCreatesAppliedUpstream = unanswered.filter((w) => applied.get(w.ref) === 1).length;
      const retries = await Promise.all(unanswered.map((w) => workers[0]!.request('POST', '/bff/campaigns', w.body, { 'idempotency-key': w.key! })));
      figures.killUnansweredCreatesRetriedStatuses = retries.map((r) => r.status).join(' ') || 'none';
      for (const r of retries) expect([201, 409], JSON.stringify(r.body)).toContain(r.status);
      const afterRetry = await upstreamCampaigns(unanswered.map((w) => w.ref));
      expect([...afterRetry.values()].filter((n) => n > 1)).toEqual([]);

      // Failures only while the instance died and before HAProxy took it out; none once it was out.
      expect(ok.length).toBeGreaterThan(50);
      expect(failed.filter((w) => w.at > downAt).map((w) => `${w.status} ${w.ref}`)).toEqual([]);
      expect(failed.filter((w) => w.done < killedAt).map((w) => `${w.status} ${w.ref}`)).toEqual([]);
      expect(servedAfterBack, 'the restarted instance serves again').toBeGreaterThan(0);
    } finally {
      phase.stop = true;
      await load;
    }
  });

  it('kill -9 of the worker: both instances keep answering and /readyz says no worker runs', async () => {
    cluster.worker.proc.kill('SIGKILL');
    await cluster.worker.exited;
    const viewer = await signedIn('viewer');
    for (let i = 0; i < 4; i += 1) expect((await viewer.request('GET', '/auth/session')).status).toBe(200);
    const until = Date.now() + 40_000;
    let states: string[] = [];
    while (Date.now() < until) {
      states = await Promise.all(cluster.instances.map(async (i) => ((await (await fetch(`${i.url}/readyz`)).json()) as { worker: string }).worker));
      if (states.every((w) => w === 'stopped')) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(states).toEqual(cluster.instances.map(() => 'stopped'));
    for (const i of cluster.instances) expect((await fetch(`${i.url}/readyz`)).status, 'still in rotation').toBe(200);
  });
});
