/**
 * The local-hours hold (issue 32, ADR 0047) over real HTTP on PostgreSQL, with the simulator's clock
 * moved to known hours in Paris: one call to a French number at 22:00 there is refused (422, nothing
 * reaches the upstream), at 11:00 placed; a bulk list over two zones leaves out the number outside;
 * an operator's override calls anyway and is audited with the count (never the number); a viewer
 * cannot. The simulator's counters prove what reached the upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { testStore, type TestStore } from '../../common/test-db';
import { OVERRIDE_LOCAL_HOURS_HEADER } from '../../contract/bff/local-hours';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const FRENCH = '+33612349001';
/** New York: six hours behind Paris all year but a few weeks, inside the afternoon window when Paris is at 22:00. */
const NEW_YORK = '+12125559002';

describe('local-hours hold on postgres', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let agentId: string;
  let operator: Client;
  let viewer: Client;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_holdhours', { LOCAL_HOURS_HOLD: 'true' });
    stack = await startTestStack({ env: store.env, seedCalls: 0 });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
    viewer = await stack.login('viewer');
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  const simNow = async () => DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now as string, { zone: 'UTC' });
  /** Moves the simulator's clock forward to the next hh:05 in Paris. */
  const moveToParis = async (hour: number) => {
    const now = await simNow();
    let at = now.setZone('Europe/Paris').set({ hour, minute: 5, second: 0, millisecond: 0 });
    if (at <= now) at = at.plus({ days: 1 });
    await stack.control('POST', '/_sim/clock', { advanceMinutes: Math.ceil(at.diff(now, 'minutes').minutes) });
    expect((await simNow()).setZone('Europe/Paris').hour).toBe(hour);
  };
  const posts = async (route: string) => ((await stack.control('GET', '/_sim/stats')).body.byRoute[route]?.count ?? 0) as number;
  let keyN = 0;
  const key = () => `hours-${Date.now()}-${keyN++}`;
  const call = (client: Client, phone: string, override = false) =>
    client.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': key(), ...(override ? { [OVERRIDE_LOCAL_HOURS_HEADER]: 'true' } : {}) },
      body: { agentId, recipient: { phone } },
    });
  const auditRows = async () =>
    (await stack.app.ctx.db.query<{ username: string; outcome: string; status: number | null }>('SELECT username, outcome, status FROM audit ORDER BY id'))
      .rows;

  it('refuses one call at 22:00 in Paris with the local time and zone on recipient.phone; nothing reaches the upstream', async () => {
    await moveToParis(22);
    await stack.control('POST', '/_sim/stats/reset');
    const res = await call(operator, FRENCH);
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get('x-switchboard-outcome')).toBe('not-applied');
    expect(res.body.message).toContain('22:05');
    expect(res.body.errors).toEqual([
      {
        field: 'recipient.phone',
        rejectedValue: FRENCH,
        message: 'It is 22:05 in Europe/Paris, outside the calling hours (10:00–13:00 and 14:00–20:00)',
      },
    ]);
    expect(await posts('POST /v1/calls')).toBe(0);
    // Held before the contact caps: no attempt was reserved for it.
    const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_attempts WHERE phone = $1', [FRENCH]);
    expect(rows[0]!.n).toBe(0);
    expect((await auditRows()).at(-1)).toMatchObject({ username: 'operator', outcome: 'refused: local hours', status: 422 });
  });

  it('leaves the number outside its hours out of a bulk list over two zones, with the reason', async () => {
    const res = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: FRENCH }, { phone: NEW_YORK }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.calls.map((c: any) => c.phone)).toEqual([NEW_YORK]);
    expect(res.body.hoursSkipped).toEqual([
      { index: 0, phone: FRENCH, zone: 'Europe/Paris', localTime: '22:05', reason: expect.stringContaining('It is 22:05 in Europe/Paris') },
    ]);
    // Only the French number: nothing is called.
    const alone = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: FRENCH }] },
    });
    expect(alone.status, alone.text).toBe(422);
    expect(alone.body.errors).toEqual([expect.objectContaining({ field: 'recipients[0].phone' })]);
    expect(await posts('POST /v1/bulk/calls')).toBe(1);
  });

  it('names positions as sent when the do-not-call list left a number out before; an unknown zone is not held', async () => {
    const listed = '+33612349003';
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: listed, reason: 'Asked' } })).status).toBe(201);
    // +882: international networks, no zone in the mapping.
    const unknown = '+88216123456';
    const res = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: listed }, { phone: FRENCH }, { phone: unknown }, { phone: NEW_YORK }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.doNotCallSkipped).toEqual([expect.objectContaining({ index: 0, phone: listed })]);
    expect(res.body.hoursSkipped).toEqual([expect.objectContaining({ index: 1, phone: FRENCH })]);
    expect(res.body.calls.map((c: any) => c.phone).sort()).toEqual([unknown, NEW_YORK].sort());
  });

  it('lets an operator call anyway, audited with the person and the count but not the number; a viewer cannot', async () => {
    const res = await call(operator, FRENCH, true);
    expect(res.status, res.text).toBe(201);
    expect(res.body.phone).toBe(FRENCH);
    const rows = await auditRows();
    expect(rows.find((r) => r.outcome.startsWith('override: local hours'))).toMatchObject({
      username: 'operator',
      outcome: 'override: local hours (1 number outside their local calling hours called anyway)',
    });
    expect(rows.some((r) => r.outcome.includes(FRENCH))).toBe(false);
    expect(stack.logs.join('')).not.toContain(FRENCH);

    const bulk = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key(), [OVERRIDE_LOCAL_HOURS_HEADER]: 'true' },
      body: { agentId, recipients: [{ phone: FRENCH }, { phone: NEW_YORK }] },
    });
    expect(bulk.status, bulk.text).toBe(201);
    expect(bulk.body.calls).toHaveLength(2);
    expect(bulk.body.hoursSkipped).toBeUndefined();

    const before = await posts('POST /v1/calls');
    const denied = await call(viewer, FRENCH, true);
    expect(denied.status).toBe(403);
    expect(await posts('POST /v1/calls')).toBe(before);
  });

  it('places the same call at 11:00 in Paris', async () => {
    await moveToParis(11);
    const res = await call(operator, FRENCH);
    expect(res.status, res.text).toBe(201);
    expect(res.body.phone).toBe(FRENCH);
  });
});
