/**
 * Contact-frequency caps, by direct requests to the BFF over real HTTP against the simulator, on a
 * real PostgreSQL server: set by admins only, enforced on every way of calling (one call, bulk
 * calls, campaign creation) whatever the client sends, counted from the call index and from the
 * calls the BFF placed that the index has not seen, a campaign counted at its worst case, and
 * never passed by parallel creates. The simulator's own counters prove what reached the upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { testStore, type TestStore } from '../../common/test-db';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

describe('contact-frequency caps on postgres', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let second: TestStack;
  let store: TestStore | undefined;
  let agentId: string;
  let operator: Client;
  let admin: Client;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_caps', FAST_INDEX);
    stack = await startTestStack({ seedCalls: 60, env: store.env });
    // A second BFF instance on the same database and simulator: the caps hold across instances.
    second = await startTestStack({ env: store.env, sim: stack.sim }, stack.keys);
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
    admin = await stack.login('admin');
  }, 180_000);
  afterAll(async () => {
    expectNoKey(stack?.keys ?? [], [...(stack?.seen ?? []), ...(stack?.logs ?? [])], 'responses and logs');
    await second?.close();
    await stack?.close();
    await store?.drop();
  });

  const stats = async (route: string) => ((await stack.control('GET', '/_sim/stats')).body.byRoute[route]?.count ?? 0) as number;
  const upstreamCalls = async (phone: string) => (await stack.upstream('GET', `/v1/calls?phone=${encodeURIComponent(phone)}&size=100`)).body.content as any[];
  let keyN = 0;
  const key = () => `caps-${Date.now()}-${keyN++}`;
  const call = (phone: string) => operator.request('POST', '/bff/calls', { headers: { 'idempotency-key': key() }, body: { agentId, recipient: { phone } } });
  const setCaps = (body: object) => admin.request('PUT', '/bff/compliance/caps', { body });

  it('keeps the attempts placed while no cap is set, so a cap set later counts them', async () => {
    const phone = '+33612340051';
    expect((await call(phone)).status).toBe(201);
    const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_attempts WHERE phone = $1', [phone]);
    expect(rows[0]!.n).toBe(1);
    const check = await operator.request('POST', '/bff/compliance/check', { body: { phones: [phone], attemptsEach: 1 } });
    expect(check.body).toMatchObject({ skipped: [], caps: { attempts: null } });
  });

  it('lets admins set the caps, audited; others read them and are refused', async () => {
    const viewer = await stack.login('viewer');
    expect((await viewer.request('GET', '/bff/compliance/caps')).body).toMatchObject({ attempts: null, windowDays: 7, quietDays: 0 });
    expect((await operator.request('PUT', '/bff/compliance/caps', { body: { attempts: 2, windowDays: 7, quietDays: 0 } })).status).toBe(403);
    const bad = await setCaps({ attempts: 0, windowDays: 7, quietDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'attempts' });
    const ok = await setCaps({ attempts: 2, windowDays: 7, quietDays: 0 });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ attempts: 2, windowDays: 7, quietDays: 0, updatedBy: 'admin' });
    const { rows } = await stack.app.ctx.db.query<{ outcome: string }>("SELECT outcome FROM audit WHERE action = 'compliance.caps.set'");
    expect(rows.map((r) => r.outcome)).toEqual(['ok: 2 attempts in 7 days, no quiet period']);
    // The call placed before the cap was set counts: 1 + a campaign's 2 is over 2.
    const check = await operator.request('POST', '/bff/compliance/check', { body: { phones: ['+33612340051'], attemptsEach: 2 } });
    expect(check.body.skipped).toEqual([
      { index: 0, phone: '+33612340051', kind: 'attempts', reason: 'Called 1 time this week (cap: 2 in 7 days; this adds up to 2)' },
    ]);
  });

  it('refuses a third call to a number in the window, counting calls the index has not seen yet', async () => {
    await stack.control('POST', '/_sim/stats/reset');
    const phone = '+33612340001';
    expect((await call(phone)).status).toBe(201);
    expect((await call(phone)).status).toBe(201);
    const third = await call(phone);
    expect(third.status, third.text).toBe(422);
    expect(third.headers.get('x-switchboard-outcome')).toBe('not-applied');
    expect(third.body.errors).toEqual([{ field: 'recipient.phone', rejectedValue: phone, message: 'Called 2 times this week (cap: 2 in 7 days)' }]);
    expect(await stats('POST /v1/calls')).toBe(2);
    expect(await upstreamCalls(phone)).toHaveLength(2);
    // Once the index holds both calls, they are counted once (from the index), not twice.
    await waitFor('the two calls in the index', async () => {
      const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM index_calls WHERE phone = $1', [phone]);
      return rows[0]!.n === 2;
    });
    const check = await operator.request('POST', '/bff/compliance/check', { body: { phones: [phone, '+33612340002'] } });
    expect(check.status, check.text).toBe(200);
    expect(check.body.skipped).toEqual([{ index: 0, phone, kind: 'attempts', reason: 'Called 2 times this week (cap: 2 in 7 days)' }]);
    expect((await call(phone)).status).toBe(422);
  });

  it('leaves over-cap numbers out of bulk calls with the reason; all over cap: nothing is sent', async () => {
    await stack.control('POST', '/_sim/stats/reset');
    const res = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: '+33612340011' }, { phone: '+33612340001' }, { phone: '+33612340012' }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.calls.map((c: any) => c.phone).sort()).toEqual(['+33612340011', '+33612340012']);
    expect(res.body.capsSkipped).toEqual([{ index: 1, phone: '+33612340001', kind: 'attempts', reason: 'Called 2 times this week (cap: 2 in 7 days)' }]);
    expect(res.body.doNotCallSkipped).toBeUndefined();
    expect(await upstreamCalls('+33612340001')).toHaveLength(2);

    const all = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: '+33612340001' }] },
    });
    expect(all.status).toBe(422);
    expect(all.body.errors[0]).toMatchObject({ field: 'recipients[0].phone', message: expect.stringContaining('Called 2 times') });
    expect(await stats('POST /v1/bulk/calls')).toBe(1);
  });

  it('counts a campaign at its worst case, 1 + retry.max per recipient, before and after it is created', async () => {
    const today = DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now, { zone: 'UTC' }).toISODate()!;
    await stack.control('POST', '/_sim/stats/reset');
    const res = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': key() },
      body: {
        name: `Caps ${Date.now()}`,
        agentId,
        startDate: today,
        timezone: 'UTC',
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        retry: { max: 1, delay: 60, retryOn: ['NO_ANSWER'] },
        // +…11 was called once (bulk): 1 + 2 > 2. +…21 was never called: 0 + 2 <= 2.
        recipients: [{ phone: '+33612340011' }, { phone: '+33612340021' }],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.capsSkipped).toEqual([
      { index: 0, phone: '+33612340011', kind: 'attempts', reason: 'Called 1 time this week (cap: 2 in 7 days; this adds up to 2)' },
    ]);
    expect(await stats('POST /v1/campaigns')).toBe(1);
    // The campaign holds +…21's two attempts: a call to it now would be a third.
    const after = await call('+33612340021');
    expect(after.status, after.text).toBe(422);
    expect(after.body.errors[0].message).toBe('Called 2 times this week (cap: 2 in 7 days)');
    await operator.request('POST', `/bff/campaigns/${res.body.id}/status`, { body: { status: 'CANCELLED' } });
  });

  it('never passes the cap under parallel creates on two instances', async () => {
    await stack.control('POST', '/_sim/stats/reset');
    const phone = '+33612340031';
    const other = await second.login('operator');
    const callOn = (client: Client) => client.request('POST', '/bff/calls', { headers: { 'idempotency-key': key() }, body: { agentId, recipient: { phone } } });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => callOn(i % 2 === 0 ? operator : other)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 422, 422, 422, 422, 422, 422]);
    expect(await upstreamCalls(phone)).toHaveLength(2);
  });

  it('gives back the attempts of a write the upstream refused', async () => {
    const phone = '+33612340041';
    const refused = await operator.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipient: { phone }, campaignId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_attempts WHERE phone = $1', [phone]);
    expect(rows[0]!.n).toBe(0);
    expect((await call(phone)).status).toBe(201);
    expect((await call(phone)).status).toBe(201);
  });

  it('keeps a quiet period after a reached call', async () => {
    const { rows } = await stack.app.ctx.db.query<{ phone: string; start_time: Date }>(
      "SELECT phone, start_time FROM index_calls WHERE status = 'COMPLETED' AND start_time >= now() - interval '80 days' ORDER BY start_time DESC LIMIT 1",
    );
    const reached = rows[0]!;
    expect((await setCaps({ attempts: null, windowDays: 7, quietDays: 90 })).status).toBe(200);
    const res = await call(reached.phone);
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[0].message).toMatch(/^Reached on \d{4}-\d{2}-\d{2}: no call for 90 days after a reached call$/);
    // Caps off: it goes through.
    expect((await setCaps({ attempts: null, windowDays: 7, quietDays: 0 })).status).toBe(200);
    expect((await call(reached.phone)).status).toBe(201);
  });
});
