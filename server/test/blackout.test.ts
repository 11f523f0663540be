/**
 * Blackout dates over real HTTP on PostgreSQL, two BFF instances on one database and one
 * simulator: admins set calendars and team dates; at local midnight of a blackout date (the
 * simulator's clock) an ACTIVE campaign is paused upstream once, and resumed once after; a pause
 * that fails upstream is retried, and one that keeps failing is given up, alerted, and never sent
 * again. The simulator's counters show every status request that reached it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { testStore, type TestStore } from '../../common/test-db';
import { waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

describe('blackout dates on postgres', { timeout: 180_000 }, () => {
  let stack: TestStack;
  let second: TestStack;
  let store: TestStore | undefined;
  let agentId: string;
  let operator: Client;
  let admin: Client;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_blackout', { BLACKOUT_INTERVAL_SECONDS: '0.2', ALERT_RETRY_BASE_MS: '100', ALERT_RETRY_ATTEMPTS: '3' });
    stack = await startTestStack({ env: store.env, seedCalls: 0 });
    second = await startTestStack({ env: store.env, sim: stack.sim }, stack.keys);
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
    admin = await stack.login('admin');
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await stack?.close();
    await store?.drop();
  });

  const simNow = async () => DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now as string, { zone: 'UTC' });
  /** Moves the simulator's clock to this instant (forward only). */
  const moveTo = async (t: DateTime) => {
    const minutes = Math.ceil(t.diff(await simNow(), 'minutes').minutes);
    if (minutes > 0) await stack.control('POST', '/_sim/clock', { advanceMinutes: minutes });
  };
  /** Every campaign status request the simulator received since its stats were reset (its stats are per route, not per campaign). */
  const statusWrites = async () => {
    const byRoute = (await stack.control('GET', '/_sim/stats')).body.byRoute as Record<string, { count: number; status5xx: number }>;
    return Object.entries(byRoute)
      .filter(([k]) => k.startsWith('POST /v1/campaigns/') && k.endsWith('/status'))
      .reduce((a, [, v]) => ({ count: a.count + v.count, status5xx: a.status5xx + v.status5xx }), { count: 0, status5xx: 0 });
  };
  const calendarActions = async (id: string) =>
    (
      await stack.app.ctx.db.query<{ action: string; outcome: string }>(
        "SELECT action, outcome FROM audit WHERE action LIKE 'blackout.%' AND outcome LIKE $1 ORDER BY id",
        [`%${id}%`],
      )
    ).rows.map((r) => `${r.action} ${r.outcome.split(':')[0]}`);
  const upstreamStatus = async (id: string) => (await stack.upstream('GET', `/v1/campaigns/${id}`)).body.status as string;
  /** Lets both instances' workers run a few more times. */
  const someTicks = async () => {
    const until = (stack.app.ctx.blackout?.ticks ?? 0) + 4;
    await waitFor('more blackout ticks', async () => (stack.app.ctx.blackout?.ticks ?? 0) >= until || (second.app.ctx.blackout?.ticks ?? 0) >= until);
    await new Promise((r) => setTimeout(r, 600));
  };
  const createCampaign = async (name: string, zone: string) => {
    const today = (await simNow()).setZone(zone).toISODate()!;
    const res = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `blackout-${Date.now()}-${Math.random()}` },
      body: {
        name,
        agentId,
        startDate: today,
        timezone: zone,
        batchSize: 5,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        recipients: [{ phone: '+33612349001' }],
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };

  it('lets admins set calendars and team dates, audited; lists public holidays from date-holidays', async () => {
    const viewer = await stack.login('viewer');
    expect((await operator.request('POST', '/bff/compliance/blackout/dates', { body: { date: '2027-01-04', label: 'Offsite' } })).status).toBe(403);
    const bad = await admin.request('PUT', '/bff/compliance/blackout/calendars', { body: { calendars: ['FR', 'XX'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'calendars[1]', message: 'No public-holiday calendar is known as XX.' })]);
    expect((await admin.request('PUT', '/bff/compliance/blackout/calendars', { body: { calendars: ['fr', 'US-CA'] } })).status).toBe(204);
    expect((await admin.request('POST', '/bff/compliance/blackout/dates', { body: { date: '2027-01-04', label: 'Offsite' } })).status).toBe(204);
    const read = await viewer.request('GET', '/bff/compliance/blackout?from=2026-12-20&to=2027-01-05');
    expect(read.status, read.text).toBe(200);
    expect(read.body.calendars).toEqual([
      { code: 'FR', name: 'France' },
      { code: 'US-CA', name: expect.stringContaining('California') },
    ]);
    expect(read.body.days).toEqual(
      expect.arrayContaining([
        { date: '2026-12-25', label: 'Christmas Day', source: 'holiday', calendar: 'FR' },
        { date: '2027-01-01', label: "New Year's Day", source: 'holiday', calendar: 'US-CA' },
        { date: '2027-01-04', label: 'Offsite', source: 'team', calendar: null },
      ]),
    );
    expect((await viewer.request('GET', '/bff/compliance/blackout?from=2026-01-01&to=2028-01-01')).status).toBe(400);
    expect((await admin.request('DELETE', '/bff/compliance/blackout/dates/2027-01-04')).status).toBe(204);
    expect((await admin.request('DELETE', '/bff/compliance/blackout/dates/2027-01-04')).status).toBe(404);
    expect((await admin.request('PUT', '/bff/compliance/blackout/calendars', { body: { calendars: [] } })).status).toBe(204);
    const { rows } = await stack.app.ctx.db.query<{ action: string }>("SELECT action FROM audit WHERE action LIKE 'compliance.blackout.%' ORDER BY id");
    expect(rows.map((r) => r.action)).toEqual([
      'compliance.blackout.calendars',
      'compliance.blackout.add',
      'compliance.blackout.remove',
      'compliance.blackout.calendars',
    ]);
  });

  it('pauses an ACTIVE campaign at local midnight of a blackout date and resumes it after, each once, on two instances', async () => {
    const zone = 'America/New_York';
    const id = await createCampaign(`Blackout ${Date.now()}`, zone);
    const day = (await simNow()).setZone(zone).plus({ days: 1 }).startOf('day');
    expect((await admin.request('POST', '/bff/compliance/blackout/dates', { body: { date: day.toISODate(), label: 'Team day off' } })).status).toBe(204);
    await stack.control('POST', '/_sim/stats/reset');

    // Just before local midnight: still ACTIVE, nothing sent.
    await moveTo(day.minus({ minutes: 10 }));
    await someTicks();
    expect(await upstreamStatus(id)).toBe('ACTIVE');
    expect((await statusWrites()).count).toBe(0);

    await moveTo(day.plus({ minutes: 5 }));
    await waitFor('the campaign paused upstream', async () => (await upstreamStatus(id)) === 'PAUSED');
    await someTicks();
    expect((await statusWrites()).count).toBe(1);

    // The day after: resumed, once; more ticks send nothing more.
    await moveTo(day.plus({ days: 1, minutes: 5 }));
    await waitFor('the campaign resumed upstream', async () => (await upstreamStatus(id)) === 'ACTIVE');
    await someTicks();
    expect((await statusWrites()).count).toBe(2);
    const pauses = (await operator.request('GET', '/bff/compliance/blackout/pauses')).body as any[];
    expect(pauses.find((p) => p.campaignId === id)).toMatchObject({
      date: day.toISODate(),
      state: 'resumed',
      pausedAt: expect.any(String),
      resumedAt: expect.any(String),
    });
    expect(await calendarActions(id)).toEqual(['blackout.pause ok', 'blackout.resume ok']);
    await operator.request('POST', `/bff/campaigns/${id}/status`, { body: { status: 'CANCELLED' } });
  });

  it('leaves a campaign a person paused, retries a failing pause, and alerts once it gives up, never sending again', async () => {
    const zone = 'Europe/Paris';
    const flaky = await createCampaign(`Flaky ${Date.now()}`, zone);
    const theirs = await createCampaign(`Theirs ${Date.now()}`, zone);
    expect((await operator.request('POST', `/bff/campaigns/${theirs}/status`, { body: { status: 'PAUSED' } })).status).toBe(200);
    const day = (await simNow()).setZone(zone).plus({ days: 1 }).startOf('day');
    expect((await admin.request('POST', '/bff/compliance/blackout/dates', { body: { date: day.toISODate(), label: 'Strike' } })).status).toBe(204);
    // The status route fails twice, then works: paused on the third attempt, once.
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: `/v1/campaigns/${flaky}/status`, status5xxRatio: 1, count: 2 });
    await stack.control('POST', '/_sim/stats/reset');
    await moveTo(day.plus({ minutes: 5 }));
    await waitFor('the flaky campaign paused', async () => (await upstreamStatus(flaky)) === 'PAUSED', 30_000);
    await someTicks();
    expect(await statusWrites()).toEqual({ count: 3, status5xx: 2 });
    // The campaign a person paused was never sent anything (the three above are the flaky one's), and will not be resumed by the calendar.
    expect(await calendarActions(theirs)).toEqual([]);
    expect(await calendarActions(flaky)).toEqual(['blackout.pause failed (will retry)', 'blackout.pause failed (will retry)', 'blackout.pause ok']);

    // The resume fails every time: three attempts, then given up with an alert; nothing after.
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: `/v1/campaigns/${flaky}/status`, status5xxRatio: 1 });
    await stack.control('POST', '/_sim/stats/reset');
    await moveTo(day.plus({ days: 1, minutes: 5 }));
    await waitFor('the resume given up', async () => {
      const p = ((await operator.request('GET', '/bff/compliance/blackout/pauses')).body as any[]).find((x) => x.campaignId === flaky);
      return p?.state === 'failed' && p;
    });
    await stack.control('DELETE', '/_sim/faults');
    await someTicks();
    expect(await statusWrites()).toEqual({ count: 3, status5xx: 3 });
    expect(await upstreamStatus(flaky)).toBe('PAUSED');
    expect(await upstreamStatus(theirs)).toBe('PAUSED');
    const { rows: alerts } = await stack.app.ctx.db.query<{ summary: string }>("SELECT summary FROM alerts WHERE rule_name = 'Blackout dates'");
    expect(alerts).toEqual([
      { summary: expect.stringMatching(new RegExp(`^Blackout resume failed: campaign ${flaky} was not resumed for ${day.toISODate()} \\(Strike\\)`)) },
    ]);
    const pauses = (await operator.request('GET', '/bff/compliance/blackout/pauses')).body as any[];
    expect(pauses.find((p) => p.campaignId === theirs)).toBeUndefined();
  });
});
