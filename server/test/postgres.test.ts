/**
 * Two BFF processes (two buildApp instances, two connection pools) on one real PostgreSQL server
 * share sessions, minted tokens, idempotency keys and drafts. The other suites run on PGlite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../common/test-db';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';

let a: TestStack;
let b: TestStack;
let drop: () => Promise<void>;
let outboundAgent: string;

beforeAll(async () => {
  const db = await createTestDatabase('bff');
  drop = db.drop;
  a = await startTestStack({ env: { DATABASE_URL: db.url } });
  b = await startTestStack({ env: { DATABASE_URL: db.url }, sim: a.sim, controlToken: a.controlToken }, a.keys);
  const agents = (await a.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  outboundAgent = agents.find((x) => x.type === 'OUTBOUND' && x.active && !x.archived).id;
}, 180_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await drop?.();
});

describe('two BFF processes on one PostgreSQL', () => {
  it('run on a real server, not PGlite', () => {
    expect(a.app.ctx.config.DATABASE_URL).toMatch(/^postgres/);
    expect(b.app.ctx.config.DATABASE_URL).toMatch(/^postgres/);
    expect(a.url).not.toBe(b.url);
  });

  it('share sessions and the tokens minted in them, and sign-out in one ends the session in both', async () => {
    const onA = await a.login('operator');
    const onB = b.client(onA.cookie);
    expect((await onB.request('GET', '/auth/session')).body.user).toBe('operator');
    const token = await onA.token(['calls:read']);
    expect((await onB.request('GET', '/api/v1/calls?size=1', { token })).status).toBe(200);
    expect((await onB.request('POST', '/auth/logout')).status).toBe(204);
    // A may serve its cached read for at most the session cache window (2 s).
    await new Promise((r) => setTimeout(r, 2200));
    expect((await a.client(onA.cookie).request('GET', '/auth/session')).status).toBe(401);
  });

  it('share idempotency keys: parallel submits through both create one campaign', async () => {
    const operator = await a.login('operator');
    const viaB = b.client(operator.cookie);
    await a.control('POST', '/_sim/stats/reset');
    const body = {
      name: 'Two processes',
      agentId: outboundAgent,
      startDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
      timeSlots: [{ startTime: '14:00', endTime: '16:00' }],
      batchSize: 5,
      days: ['TUESDAY'],
      recipients: [{ phone: '+33612345670' }],
      timezone: 'Europe/Paris',
    };
    const send = (c: typeof operator) => c.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'two-processes-0001' } });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i % 2 ? operator : viaB)));
    const stats = (await a.control('GET', '/_sim/stats')).body;
    expect(stats.byRoute['POST /v1/campaigns'].count).toBe(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const id = results.find((r) => r.status === 201)!.body.id;
    const replay = await send(viaB);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(id);
    // The registry is shared too.
    expect((await viaB.request('GET', '/bff/campaigns')).body.content[0].id).toBe(id);
  });

  it('share the sign-in limit: guesses spread over both count once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const via = i % 2 ? a : b;
      statuses.push((await via.client().request('POST', '/auth/login', { body: { username: 'admin', password: `guess-${i}` } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('share drafts', async () => {
    const operator = await a.login('operator');
    await operator.request('PUT', '/bff/drafts/shared', { body: { data: { step: 2 } } });
    expect((await b.client(operator.cookie).request('GET', '/bff/drafts/shared')).body.data).toEqual({ step: 2 });
  });

  it('leak the API key nowhere', () => {
    expectNoKey(a.keys, [...a.seen, ...b.seen], 'a response');
    expectNoKey(a.keys, [...a.logs, ...b.logs], 'a log line');
  });
});
