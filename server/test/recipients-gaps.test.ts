/**
 * Gaps of a campaign's recipients (issue 33; docs/outcomes.md), over real HTTP against the
 * simulator, on a real PostgreSQL server, the truth read from the upstream's own calls:
 * - a cancelled campaign's recipients not reached are "no more calls" (`ended`), never "not called
 *   yet" or "waiting for a retry", in its table, its funnel and each number's contact page, and no
 *   call comes after the cancel;
 * - the parts of one split list (linked by the wizard's split header) count a person once: the
 *   funnel over the parts equals a direct count of distinct numbers over the upstream's calls;
 * - a create the upstream refuses or fails after the BFF checked and screened its recipients leaves
 *   no recipient kept for any campaign; the same key tried again keeps exactly what it sent.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { STATUS_GROUP_OF } from '../../contract/status-groups';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const RETRY = { max: 2, delay: 30, retryOn: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'] };
const isReached = (status: string) => STATUS_GROUP_OF[status as keyof typeof STATUS_GROUP_OF] === 'reached';

describe('campaign recipients: cancelled campaigns, split lists, failed creates (postgres)', { timeout: 240_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let admin: Client;
  let operator: Client;
  let agentId: string;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_recipient_gaps', { ...FAST_INDEX });
    stack = await startTestStack({ seedCalls: 20, env: store.env });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    admin = await stack.login('admin');
    operator = await stack.login('operator');
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  async function upstreamCalls(campaignName: string): Promise<any[]> {
    const calls: any[] = [];
    for (let page = 1; ; page += 1) {
      const res = await stack.upstream('GET', `/v1/calls?campaignName=${encodeURIComponent(campaignName)}&size=100&page=${page}&sort=startTime,ASC`);
      expect(res.status, res.text).toBe(200);
      calls.push(...res.body.content);
      if (page >= res.body.totalPages) return calls;
    }
  }
  const tomorrow = async () => DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now, { zone: 'UTC' }).plus({ days: 1 });
  const create = async (name: string, phones: readonly string[], startDate: string, headers: Record<string, string> = {}) => {
    const res = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `gaps-${randomUUID()}`, ...headers },
      body: {
        name,
        agentId,
        startDate,
        timezone: 'UTC',
        batchSize: 100,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        retry: RETRY,
        recipients: phones.map((phone) => ({ phone })),
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  const recipients = async (id: string) => {
    const res = await operator.request('GET', `/bff/campaigns/${id}/recipients`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  /** Moves the simulator's clock to `at` (never back). */
  const advanceTo = async (at: DateTime) => {
    const now = DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now, { zone: 'UTC' });
    const minutes = Math.round(at.diff(now, 'minutes').minutes);
    if (minutes > 0) await stack.control('POST', '/_sim/clock', { advanceMinutes: minutes });
  };
  /** Each number's state from the upstream's own calls; `ended` for those a cancelled campaign will never call again. */
  const expectedStates = async (name: string, phones: readonly string[], cancelled: boolean) => {
    const calls = await upstreamCalls(name);
    const states: Record<string, string> = {};
    for (const phone of phones) {
      const own = calls.filter((c) => c.phone === phone);
      const last = own.at(-1);
      if (own.some((c) => isReached(c.status))) states[phone] = 'reached';
      else if (!last) states[phone] = cancelled ? 'ended' : 'notCalled';
      else if (last.status === 'IN_PROGRESS') states[phone] = 'inProgress';
      else if (!RETRY.retryOn.includes(last.status)) states[phone] = 'notRetried';
      else if (own.length >= RETRY.max + 1) states[phone] = 'retriesExhausted';
      else states[phone] = cancelled ? 'ended' : 'waitingRetry';
    }
    return { states, calls };
  };

  it('says a cancelled campaign will not call those it has not reached, in its table, its funnel and their contact pages', async () => {
    const day = await tomorrow();
    // Cancelled before its first call: nobody will be called.
    const early = Array.from({ length: 6 }, (_, i) => `+336124100${String(i).padStart(2, '0')}`);
    const earlyId = await create(`Cancelled early ${Date.now()}`, early, day.toISODate()!);
    expect((await operator.request('POST', `/bff/campaigns/${earlyId}/status`, { body: { status: 'CANCELLED' } })).status).toBe(200);
    const before = await recipients(earlyId);
    expect(before.campaignStatus).toBe('CANCELLED');
    expect(before.states).toMatchObject({ notCalled: 0, waitingRetry: 0, ended: 6 });
    expect(before.funnel).toMatchObject({ recipients: 6, attempted: 0, ended: 6 });
    for (const r of before.recipients) expect(r).toMatchObject({ state: 'ended', attempts: 0, nextRetryAround: null });

    // Cancelled mid-day, with some numbers waiting for a retry.
    const name = `Cancelled mid-day ${Date.now()}`;
    const phones = Array.from({ length: 24 }, (_, i) => `+336124101${String(i).padStart(2, '0')}`);
    const id = await create(name, phones, day.toISODate()!);
    await advanceTo(day.set({ hour: 10, minute: 20 }));
    let mismatch = '';
    const matching = (cancelled: boolean) => async () => {
      const truth = await expectedStates(name, phones, cancelled);
      const body = await recipients(id);
      const got = Object.fromEntries((body.recipients as any[]).map((r) => [r.phone, r.state]));
      mismatch = phones
        .filter((p) => got[p] !== truth.states[p])
        .map((p) => `${p}: ${got[p]} (want ${truth.states[p]})`)
        .join('; ');
      return mismatch === '' && truth.calls.every((c) => c.status !== 'IN_PROGRESS') && { body, truth };
    };
    const running = await waitFor('the states before the cancel', matching(false)).catch((e: Error) => {
      throw new Error(`${e.message}: ${mismatch}`);
    });
    const waiting = (running.body.recipients as any[]).filter((r) => r.state === 'waitingRetry' || r.state === 'notCalled').map((r) => r.phone as string);
    expect(waiting.length, 'numbers waiting for a retry (or not called yet) when the campaign is cancelled').toBeGreaterThan(0);

    expect((await operator.request('POST', `/bff/campaigns/${id}/status`, { body: { status: 'CANCELLED' } })).status).toBe(200);
    // Hours later: the retries would have come by now; none does, and none is said to be waiting.
    await advanceTo(day.set({ hour: 14 }));
    const after = await waitFor('the states after the cancel', matching(true)).catch((e: Error) => {
      throw new Error(`${e.message}: ${mismatch}`);
    });
    expect(after.truth.calls.length, 'no call after the cancel').toBe(running.truth.calls.length);
    expect(after.body.states.waitingRetry).toBe(0);
    expect(after.body.states.notCalled).toBe(0);
    expect(after.body.funnel.ended).toBe(waiting.length);
    for (const r of after.body.recipients as any[]) {
      if (waiting.includes(r.phone)) expect(r).toMatchObject({ state: 'ended', nextRetryAround: null });
    }

    // The contact page of a number the cancel left unreached says so for that campaign.
    const unreached = waiting[0]!;
    const contact = await operator.request('GET', `/bff/contacts/${encodeURIComponent(unreached)}`);
    expect(contact.status, contact.text).toBe(200);
    expect(contact.body.recipientOf).toEqual([
      expect.objectContaining({ campaignId: id, campaignName: name, campaignStatus: 'CANCELLED', state: 'ended', nextRetryAround: null }),
    ]);
    const first = await operator.request('GET', `/bff/contacts/${encodeURIComponent(early[0]!)}`);
    expect(first.body.recipientOf).toEqual([expect.objectContaining({ campaignId: earlyId, state: 'ended', attempts: 0 })]);
  });

  it('counts a person once over the parts of a split list, as a direct count of distinct numbers does', async () => {
    const day = (await tomorrow()).plus({ days: 1 });
    const base = `Split ${Date.now()}`;
    const shared = ['+33612420001', '+33612420002', '+33612420003'];
    const partA = [...Array.from({ length: 9 }, (_, i) => `+336124201${String(i).padStart(2, '0')}`), ...shared];
    const partB = [...Array.from({ length: 7 }, (_, i) => `+336124202${String(i).padStart(2, '0')}`), ...shared];
    const split = randomUUID();

    // The header must be a UUID: a 400 naming it, and nothing created.
    const bad = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `gaps-${randomUUID()}`, 'x-switchboard-split': 'part-1' },
      body: {
        name: `${base} bad`,
        agentId,
        startDate: day.toISODate(),
        timezone: 'UTC',
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        recipients: [{ phone: partA[0] }],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('X-Switchboard-Split');

    const a = await create(`${base} · Europe/Paris`, partA, day.toISODate()!, { 'x-switchboard-split': split });
    const b = await create(`${base} · America/New_York`, partB, day.toISODate()!, { 'x-switchboard-split': split });
    // An unlinked campaign with the same numbers is no part of it.
    await create(`${base} other`, shared, day.toISODate()!);
    const outcome = await admin.request('POST', '/bff/outcomes', {
      body: { name: `Completed in A ${Date.now()}`, campaignName: `${base} · Europe/Paris`, clauses: [{ kind: 'status', statuses: ['COMPLETED'] }] },
    });
    expect(outcome.status, outcome.text).toBe(201);
    await advanceTo(day.set({ hour: 13, minute: 30 }));

    /** The direct count: distinct numbers over both parts' upstream calls. */
    const direct = async () => {
      const [ca, cb] = await Promise.all([upstreamCalls(`${base} · Europe/Paris`), upstreamCalls(`${base} · America/New_York`)]);
      const all = [...ca, ...cb];
      return {
        people: new Set([...partA, ...partB]).size,
        sent: partA.length + partB.length,
        attempted: new Set(all.map((c) => c.phone)).size,
        reached: new Set(all.filter((c) => isReached(c.status)).map((c) => c.phone)).size,
        outcome: new Set(ca.filter((c) => c.status === 'COMPLETED').map((c) => c.phone)).size,
        calls: all.length,
        sharedCalledTwice: shared.filter((p) => ca.some((c) => c.phone === p) && cb.some((c) => c.phone === p)).length,
      };
    };
    let last = '';
    const { split: got, truth } = await waitFor('the funnel over the parts equal to the direct count', async () => {
      const truth = await direct();
      const body = await recipients(a);
      const s = body.split;
      last = JSON.stringify({ s, truth });
      const indexed = (await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM index_calls WHERE campaign_name LIKE $1', [`${base} · %`]))
        .rows[0]!.n;
      return (
        indexed === truth.calls &&
        s &&
        s.people === truth.people &&
        s.attempted === truth.attempted &&
        s.reached === truth.reached &&
        s.outcomes.find((o: any) => o.id === outcome.body.id)?.recipients === truth.outcome && { split: s, truth }
      );
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${last}`);
    });
    expect(got.sent).toBe(truth.sent);
    expect(got.people).toBe(partA.length + partB.length - shared.length);
    expect(truth.sharedCalledTwice, 'the shared numbers were called in both parts').toBeGreaterThan(0);
    // Not the sum of the parts: the shared numbers counted once.
    const [fa, fb] = [(await recipients(a)).funnel, (await recipients(b)).funnel];
    expect(fa.attempted + fb.attempted).toBeGreaterThan(got.attempted);
    expect(got.parts.map((p: any) => p.id)).toEqual([a, b]);
    // Both parts answer the same funnel over the parts.
    expect((await recipients(b)).split).toEqual(got);
  });

  it('keeps no recipient of a create the upstream refused or failed, and exactly what was sent once it is created', async () => {
    const day = await tomorrow();
    const name = `Failed create ${Date.now()}`;
    const phones = Array.from({ length: 5 }, (_, i) => `+336124300${String(i).padStart(2, '0')}`);
    const kept = async () =>
      (
        await stack.app.ctx.db.query<{ phone: string }>('SELECT phone FROM campaign_recipients WHERE phone = ANY($1::text[]) ORDER BY phone', [phones])
      ).rows.map((r) => r.phone);
    const key = `gaps-failed-${randomUUID()}`;
    const body = {
      name,
      agentId,
      startDate: day.toISODate(),
      timezone: 'UTC',
      batchSize: 10,
      days: EVERY_DAY,
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      recipients: phones.map((phone) => ({ phone })),
    };
    // 503: not applied.
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/campaigns', status5xxRatio: 1, count: 1 });
    const refused = await operator.request('POST', '/bff/campaigns', { headers: { 'idempotency-key': key }, body });
    expect(refused.status).toBe(502);
    expect(await kept()).toEqual([]);
    // A broken connection: the outcome unknown, nothing kept either.
    const other = `gaps-failed-${randomUUID()}`;
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/campaigns', resetRatio: 1, count: 1 });
    const broken = await operator.request('POST', '/bff/campaigns', { headers: { 'idempotency-key': other }, body: { ...body, name: `${name} b` } });
    expect(broken.status).toBeGreaterThanOrEqual(500);
    expect(await kept()).toEqual([]);
    const { rows: registered } = await stack.app.ctx.db.query('SELECT id FROM campaigns WHERE name LIKE $1', [`${name}%`]);
    expect(registered).toEqual([]);
    // A validation refusal (400 upstream shape) keeps nothing.
    const invalid = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `gaps-failed-${randomUUID()}` },
      body: { ...body, timeSlots: [{ startTime: '21:00', endTime: '22:00' }] },
    });
    expect(invalid.status).toBe(400);
    expect(await kept()).toEqual([]);

    // The first key tried again: created once, its recipients exactly those sent, shown for it alone.
    const created = await operator.request('POST', '/bff/campaigns', { headers: { 'idempotency-key': key }, body });
    expect(created.status, created.text).toBe(201);
    expect(await kept()).toEqual([...phones].sort());
    const shown = await recipients(created.body.id);
    expect((shown.recipients as any[]).map((r) => r.phone).sort()).toEqual([...phones].sort());
  });
});
