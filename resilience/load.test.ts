/**
 * A bounded load run on loopback: 200 concurrent staff sessions browsing (calls list pages, a
 * call, its transcript, agents, the campaign registry) and 10 operators creating campaigns, for
 * LOAD_SECONDS (default 20; CI may set 60), against the real BFF and simulator. Reports the error
 * rate, p50/p99 per route, upstream token calls and RSS before and after. Budgets are not asserted
 * here (bench measures them); the test fails only on server errors or a runaway process.
 *
 * The simulator and the BFF run in processes of their own (the bench's launchers), so each one's RSS
 * is its own and the load generator here does not share their event loops. The BFF runs as npm
 * start runs it: its store in a directory, its Node flags (ADR 0019); its peak is reported too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtNode, startChild, type Child } from '../bench/lib/processes';
import { writeResult } from './report';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const BROWSERS = 200;
const OPERATORS = 10;
let sim: Child<{ url: string; controlToken: string }>;
let bff: Child<{ url: string }>;
const stack = { url: '', simUrl: '', controlToken: '' };
let agentId: string;
let callIds: string[] = [];
const timings: Record<string, number[]> = {};
const outcomes = { requests: 0, status5xx: 0, networkErrors: 0, status4xx: 0, status429: 0, campaignsCreated: 0 };

interface Session {
  cookie: string;
  token: string;
}

const json = { 'content-type': 'application/json', 'x-switchboard': '1' };

async function login(username: string): Promise<Session> {
  const res = await fetch(`${stack.url}/auth/login`, {
    method: 'POST',
    headers: { ...json, origin: stack.url },
    body: JSON.stringify({ username, password: 'switchboard-demo' }),
  });
  expect(res.status).toBe(204);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  // Read scopes only: writes go through the BFF's write routes with the session cookie.
  const scope = ['agents:read', 'calls:read', 'campaigns:read'];
  const t = await fetch(`${stack.url}/auth/token`, { method: 'POST', headers: { ...json, origin: stack.url, cookie }, body: JSON.stringify({ scope }) });
  expect(t.status).toBe(200);
  return { cookie, token: (await t.json()).token };
}

async function timed(label: string, s: Session, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const started = performance.now();
  outcomes.requests += 1;
  try {
    const res = await fetch(stack.url + path, {
      method,
      headers: { cookie: s.cookie, authorization: `Bearer ${s.token}`, ...(body ? { ...json, origin: stack.url } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    await res.arrayBuffer();
    (timings[label] ??= []).push(performance.now() - started);
    if (res.status >= 500) outcomes.status5xx += 1;
    else if (res.status === 429) outcomes.status429 += 1;
    else if (res.status >= 400) outcomes.status4xx += 1;
    return res.status;
  } catch {
    outcomes.networkErrors += 1;
    return 0;
  }
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10 : 0;
};
const rss = () => ({ simulator: Math.round(sim.rssMiB()), bff: Math.round(bff.rssMiB()) });

beforeAll(async () => {
  sim = await startChild(...(await builtNode('sim-server')), { BENCH_SEED_CALLS: '5000' });
  bff = await startChild(...(await builtNode('bff-server')), { BENCH_SIM_URL: sim.info.url });
  Object.assign(stack, { url: bff.info.url, simUrl: sim.info.url, controlToken: sim.info.controlToken });
  const key = { 'x-api-key': 'sim-key-primary-0000000000000001' };
  agentId = (await (await fetch(`${stack.simUrl}/v1/agents?type=OUTBOUND&size=100`, { headers: key })).json()).content.find(
    (a: any) => a.active && !a.archived,
  ).id;
  callIds = (await (await fetch(`${stack.simUrl}/v1/calls?size=100`, { headers: key })).json()).content.map((c: any) => c.id);
});

afterAll(async () => {
  await bff?.stop();
  await sim?.stop();
});

describe('load', () => {
  it(`${BROWSERS} sessions browsing and ${OPERATORS} operators creating campaigns for ${SECONDS} s`, async () => {
    const browsers: Session[] = [];
    // Sign-ins are deliberately slow (password hashing): a few at a time.
    for (let i = 0; i < BROWSERS; i += 10) browsers.push(...(await Promise.all(Array.from({ length: 10 }, () => login('viewer')))));
    const operators = await Promise.all(Array.from({ length: OPERATORS }, () => login('operator')));
    await fetch(`${stack.simUrl}/_sim/stats/reset`, { method: 'POST', headers: { authorization: `Bearer ${stack.controlToken}` } });
    const rssBefore = rss();
    const until = Date.now() + SECONDS * 1000;
    const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    let n = 0;

    const browse = async (s: Session) => {
      while (Date.now() < until) {
        const page = 1 + Math.floor(Math.random() * 10);
        await timed('GET /api/v1/calls', s, 'GET', `/api/v1/calls?size=20&page=${page}`);
        const id = pick(callIds);
        await timed('GET /api/v1/calls/:id', s, 'GET', `/api/v1/calls/${id}`);
        await timed('GET /api/v1/calls/:id/transcript', s, 'GET', `/api/v1/calls/${id}/transcript`);
        if (Math.random() < 0.3) await timed('GET /api/v1/agents', s, 'GET', '/api/v1/agents?size=100');
        if (Math.random() < 0.2) await timed('GET /bff/campaigns', s, 'GET', '/bff/campaigns?page=1&size=20');
      }
    };
    const create = async (s: Session) => {
      while (Date.now() < until) {
        n += 1;
        const recipients = Array.from({ length: 50 }, (_, i) => ({ phone: `+1415${String(n).padStart(3, '0').slice(-3)}${String(i).padStart(4, '0')}` }));
        const status = await timed(
          'POST /bff/campaigns',
          s,
          'POST',
          '/bff/campaigns',
          {
            name: `Load ${n}`,
            agentId,
            startDate,
            timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
            batchSize: 50,
            days: ['MONDAY', 'TUESDAY'],
            recipients,
            timezone: 'Europe/Paris',
          },
          { 'idempotency-key': `load-${randomUUID()}` },
        );
        if (status === 201) outcomes.campaignsCreated += 1;
      }
    };
    const started = Date.now();
    await Promise.all([...browsers.map(browse), ...operators.map(create)]);
    const elapsed = (Date.now() - started) / 1000;
    // Let the servers settle (sockets closed, young generation collected) before reading RSS again.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfter = rss();
    const stats = await (await fetch(`${stack.simUrl}/_sim/stats`, { headers: { authorization: `Bearer ${stack.controlToken}` } })).json();

    const perRoute = Object.fromEntries(
      Object.entries(timings).flatMap(([label, xs]) => [
        [`${label} count`, xs.length],
        [`${label} p50 ms`, pct(xs, 50)],
        [`${label} p99 ms`, pct(xs, 99)],
      ]),
    );
    const errors = outcomes.status5xx + outcomes.networkErrors;
    writeResult({
      suite: 'load',
      promises: [
        `${BROWSERS} concurrent staff sessions browsing and ${OPERATORS} operators creating campaigns on loopback: no server errors, tokens minted once per session and reused, memory bounded.`,
      ],
      figures: {
        seconds: Math.round(elapsed),
        sessions: BROWSERS + OPERATORS,
        requests: outcomes.requests,
        requestsPerSecond: Math.round(outcomes.requests / elapsed),
        errorRatePercent: Math.round((errors / outcomes.requests) * 10_000) / 100,
        status5xx: outcomes.status5xx,
        networkErrors: outcomes.networkErrors,
        status4xx: outcomes.status4xx,
        status429: outcomes.status429,
        campaignsCreated: outcomes.campaignsCreated,
        upstreamTokenCalls: stats.tokensIssued,
        upstreamRequests: stats.requests,
        simulatorRssBeforeMiB: rssBefore.simulator,
        simulatorRssAfterMiB: rssAfter.simulator,
        bffRssBeforeMiB: rssBefore.bff,
        bffRssAfterMiB: rssAfter.bff,
        // Every moment of the run, sign-ins and start included (the kernel's high-water mark).
        bffPeakMiB: Math.round(bff.peakMiB()),
        ...perRoute,
      },
    });
    expect(errors, JSON.stringify(outcomes)).toBe(0);
    expect(outcomes.campaignsCreated).toBeGreaterThan(0);
    // Tokens were minted at sign-in; browsing reuses them (no token call per request).
    expect(stats.tokensIssued).toBeLessThan(BROWSERS + OPERATORS);
    // Bounded memory: neither server grows without limit under a steady load.
    expect(rssAfter.bff - rssBefore.bff, 'BFF RSS growth (MiB)').toBeLessThan(200);
    expect(rssAfter.simulator - rssBefore.simulator, 'simulator RSS growth (MiB)').toBeLessThan(400);
  });
});
