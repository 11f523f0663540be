/**
 * Upstream faults, each in turn on each upstream route the screens use, through the real BFF:
 * latency past the timeout, a hang, a dropped connection, 5xx, 429 with Retry-After, a malformed
 * body, and the upstream down. Promises: the BFF answers clearly (502/504/429 ErrorResponse with a
 * request id, Retry-After passed on), keeps serving, reads recover as soon as the fault clears,
 * and no write is ever sent twice (retrying with the same Idempotency-Key never duplicates).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStack } from '../scripts/stack';
import type { RunningSimulator } from '../simulator/app';
import { startTestStack, type Client, type TestStack } from '../server/testing/harness';
import { Tally, writeResult } from './report';

const TIMEOUT_MS = 1500;
let stack: TestStack;
let admin: Client;
let ids: { agent: string; outbound: string; call: string; recorded: string[]; campaign: string };
const faults = new Tally();
const figures = { writesAttempted: 0, createdUpstream: 0, duplicates: 0, bffCrashes: 0, unclearAnswers: 0, readsRecovered: 0, readsChecked: 0 };

const FAULTS: [string, Record<string, unknown>, number[]][] = [
  ['latency past the timeout', { latencyMs: TIMEOUT_MS + 3500 }, [504]],
  ['hang', { hang: true }, [504]],
  ['connection reset', { resetRatio: 1 }, [502]],
  ['5xx', { status5xxRatio: 1 }, [502, 503]],
  ['429 with Retry-After', { status429Ratio: 1, retryAfterSeconds: 7 }, [429]],
  ['malformed JSON', { malformedRatio: 1 }, [502]],
];

/** Read tokens only: the browser never holds a write scope (writes go through the BFF's write routes). */
const ALL = ['agents:read', 'calls:read', 'campaigns:read'];

async function inject(spec: Record<string, unknown>, method: string, path: string) {
  await stack.control('DELETE', '/_sim/faults');
  const res = await stack.control('POST', '/_sim/faults', { method, path, ...spec });
  expect(res.status).toBe(201);
}

function expectClear(res: { status: number; body: any; headers: Headers }, allowed: number[], label: string) {
  const clear =
    allowed.includes(res.status) &&
    typeof res.body?.message === 'string' &&
    res.body.message.length > 10 &&
    Boolean(res.body.requestId ?? res.headers.get('x-request-id'));
  if (!clear) figures.unclearAnswers += 1;
  expect(allowed, `${label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toContain(res.status);
  expect(res.body.message, label).toMatch(/\w{3,}/);
  // BFF errors carry requestId in the body; an upstream 4xx passes through as is, with the id in the header.
  expect(res.body.requestId ?? res.headers.get('x-request-id'), label).toBeTruthy();
  if (res.status === 429) expect(res.headers.get('retry-after'), label).toBe('7');
}

beforeAll(async () => {
  stack = await startTestStack({ seedCalls: 200, env: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) } });
  admin = await stack.login('admin');
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content;
  const calls = (await stack.upstream('GET', '/v1/calls?size=100')).body.content;
  const outbound = agents.find((a: any) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
  const startDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const campaign = await stack.upstream('POST', '/v1/campaigns', {
    name: 'Faults',
    agentId: outbound,
    startDate,
    timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
    batchSize: 5,
    days: ['MONDAY'],
    recipients: [{ phone: '+14155550999' }],
    timezone: 'Europe/Paris',
  });
  ids = {
    agent: agents[0].id,
    outbound,
    call: calls[0].id,
    recorded: calls.filter((c: any) => c.recorded && c.status !== 'IN_PROGRESS').map((c: any) => c.id),
    campaign: campaign.body.id,
  };
});

afterAll(async () => {
  writeResult({
    suite: 'faults',
    promises: [
      'With each upstream fault (latency past the timeout, hang, reset, 5xx, 429 with Retry-After, malformed JSON, upstream down) on each route the screens use, the BFF answers a clear 502/504/429 ErrorResponse with a request id, keeps serving, and reads recover as soon as the fault clears.',
      'No write is sent upstream twice: a create retried with its Idempotency-Key after an ambiguous failure is answered from the record, never re-sent.',
    ],
    figures: { faultsInjected: faults.total, ...figures, ...Object.fromEntries(Object.entries(faults.byKind).map(([k, v]) => [`injected.${k}`, v])) },
  });
  await stack?.control('DELETE', '/_sim/faults').catch(() => undefined);
  await stack?.close();
});

describe('reads the screens use, under each fault', () => {
  // The BFF caches decoded recordings: each fault reads a recording it has not seen yet.
  let recordingIndex = 0;
  const reads = (): [string, string][] => [
    ['/v1/agents', '/api/v1/agents?size=20'],
    ['/v1/agents/*', `/api/v1/agents/${ids.agent}`],
    ['/v1/calls', '/api/v1/calls?size=20'],
    ['/v1/calls/*', `/api/v1/calls/${ids.call}`],
    ['/v1/calls/*/transcript', `/api/v1/calls/${ids.call}/transcript`],
    ['/v1/calls/*/recording', `/bff/recordings/${ids.recorded[recordingIndex++]}`],
    ['/v1/campaigns/*', `/api/v1/campaigns/${ids.campaign}`],
  ];

  it.each(FAULTS)('%s: a clear answer, the BFF keeps serving, the read recovers when it clears', async (name, spec, allowed) => {
    const token = await admin.token(ALL);
    for (const [pattern, path] of reads()) {
      await inject(spec, 'GET', pattern);
      faults.add(name);
      const started = Date.now();
      const res = await admin.request('GET', path, { token });
      expectClear(res, allowed, `${name} GET ${path}`);
      // Bounded: a hang or slow upstream costs at most the timeout (plus slack), never forever.
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 2500);
      expect((await admin.request('GET', '/healthz')).status).toBe(200);
      await stack.control('DELETE', '/_sim/faults');
      const again = await admin.request('GET', path, { token });
      figures.readsChecked += 1;
      expect(again.status, `${name} recovered ${path}: ${again.text.slice(0, 200)}`).toBe(200);
      figures.readsRecovered += 1;
    }
  });
});

describe('writes under each fault: never sent twice', () => {
  const writes = () =>
    [
      ['POST', '/v1/calls', '/bff/calls', (phone: string) => ({ agentId: ids.outbound, recipient: { phone } })],
      ['POST', '/v1/bulk/calls', '/bff/bulk/calls', (phone: string) => ({ agentId: ids.outbound, recipients: [{ phone }] })],
      [
        'POST',
        '/v1/campaigns',
        '/bff/campaigns',
        (phone: string) => ({
          name: `Fault ${phone}`,
          agentId: ids.outbound,
          startDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
          timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
          batchSize: 5,
          days: ['MONDAY'],
          recipients: [{ phone }],
          timezone: 'Europe/Paris',
        }),
      ],
    ] as const;
  let n = 0;

  it.each(FAULTS)('%s: one upstream attempt per key, a retry with the same key is not re-sent', async (name, spec, allowed) => {
    for (const [method, upstreamPath, path, body] of writes()) {
      n += 1;
      const phone = `+1415888${String(n).padStart(4, '0')}`;
      const key = `fault-${randomUUID()}`;
      await inject(spec, method, upstreamPath);
      faults.add(name);
      figures.writesAttempted += 1;
      const first = await admin.request(method, path, { body: body(phone), headers: { 'idempotency-key': key } });
      expectClear(first, allowed, `${name} ${method} ${path}`);
      await stack.control('DELETE', '/_sim/faults');
      // The person presses the button again: same key, same body.
      figures.writesAttempted += 1;
      const retry = await admin.request(method, path, { body: body(phone), headers: { 'idempotency-key': key } });
      expect(retry.status, `${name} retry ${path}: ${retry.text.slice(0, 200)}`).toBeLessThan(500);
      const ambiguous = ['latency past the timeout', 'hang', 'connection reset', 'malformed JSON'].includes(name);
      // An ambiguous failure (the upstream may have applied it) is never re-sent: the retry is answered from the record.
      if (ambiguous) expect(retry.status, `${name} retry ${path}: ${retry.text.slice(0, 200)}`).toBe(409);
      // A slow request may still land upstream after the BFF gave up: wait for it before counting.
      if (name === 'latency past the timeout') await new Promise((r) => setTimeout(r, 4000));
      // Created upstream at most once, whatever happened.
      const created =
        upstreamPath === '/v1/campaigns'
          ? // No route lists campaigns upstream: count them in the simulator's own store.
            (await stack.sim.state.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns WHERE name = $1', [`Fault ${phone}`])).rows[0]!.n
          : (await stack.upstream('GET', `/v1/calls?size=100&phone=${encodeURIComponent(phone)}`)).body.totalElements;
      figures.createdUpstream += created;
      if (created > 1) figures.duplicates += created - 1;
      expect(created, `${name} ${path}: created ${created} times`).toBeLessThanOrEqual(1);
      if (!ambiguous) expect(created, `${name}: a clear refusal, then the retry creates it once`).toBe(1);
    }
  });
});

describe('the upstream down', () => {
  it('answers 502 on every read and write, quickly, and keeps serving', async () => {
    const down = await startStack({ sim: { url: 'http://127.0.0.1:9' } as RunningSimulator });
    try {
      const login = await fetch(`${down.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: down.url },
        body: JSON.stringify({ username: 'admin', password: 'switchboard-demo' }),
      });
      expect(login.status).toBe(204);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const headers = { cookie, 'content-type': 'application/json', 'x-switchboard': '1', origin: down.url };
      const token = await fetch(`${down.url}/auth/token`, { method: 'POST', headers, body: JSON.stringify({ scope: ['calls:read'] }) });
      faults.add('upstream down');
      // Minting a token needs the upstream: a clear 502, not a hang.
      expect([502, 503, 504]).toContain(token.status);
      const body = await token.json();
      expect(body.message).toMatch(/\w{3,}/);
      expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${down.url}/readyz`)).status).toBe(503);
      // The background work still runs, on the machine's clock (there is no simulator's to read).
      await vi.waitFor(() => expect(down.app.ctx.blackout?.ticks ?? 0).toBeGreaterThan(0), { timeout: 10_000 });
    } finally {
      await down.close();
    }
  });
});
