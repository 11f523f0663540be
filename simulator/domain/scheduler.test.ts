import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../app';
import { client } from '../testing/client';
import { campaignWindowAt } from './scheduler';

const CONTROL = 'control-token-for-tests';
let sim: RunningSimulator;
let api: ReturnType<typeof client>;
let control: ReturnType<typeof client>;
let agentId: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seedCalls: 20, controlToken: CONTROL, rateLimit: 0, maxConcurrency: 1000 });
  api = client(sim.url);
  control = client(sim.url, { Authorization: `Bearer ${CONTROL}` });
  const agents = (await api.get('/v1/agents?type=OUTBOUND&size=100')).body.content;
  agentId = agents.find((a: any) => a.active && !a.archived).id;
});
afterAll(() => sim.close());

const recipients = (n: number, base: number) => Array.from({ length: n }, (_, i) => ({ phone: `+1415666${String(base + i).padStart(4, '0')}` }));
const nextMonday = (zone: string) => {
  const now = DateTime.fromJSDate(sim.state.clock.now(), { zone });
  return now.plus({ days: 8 - now.weekday }).toISODate()!;
};

async function callsOf(name: string) {
  const out: any[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await api.get(`/v1/calls?campaignName=${encodeURIComponent(name)}&size=100&page=${page}`);
    out.push(...body.content);
    if (page >= body.totalPages) return out;
  }
}

describe('campaign rules on create', () => {
  const base = () => ({
    name: 'Rules',
    agentId,
    startDate: nextMonday('Europe/Paris'),
    timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
    batchSize: 10,
    days: ['MONDAY'],
    recipients: recipients(2, 0),
    timezone: 'Europe/Paris',
  });

  it('creates ACTIVE with the retry defaults, slots as submitted, recipients not returned', async () => {
    const res = await api.post('/v1/campaigns', { ...base(), timeSlots: [{ startTime: '12:00', endTime: '15:00' }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'ACTIVE',
      timeSlots: [{ startTime: '12:00', endTime: '15:00' }],
      retry: { max: 0, delay: 60, retryOn: ['NO_ANSWER', 'UNREACHABLE'] },
    });
    expect(res.body.recipients).toBeUndefined();
    expect((await api.get(`/v1/campaigns/${res.body.id}`)).body).toEqual(res.body);
  });

  it.each([
    ['recipients', { recipients: [] }],
    ['recipients', { recipients: recipients(1001, 0) }],
    [
      'timeSlots',
      {
        timeSlots: [
          { startTime: '10:00', endTime: '10:30' },
          { startTime: '11:00', endTime: '11:30' },
          { startTime: '14:00', endTime: '15:00' },
        ],
      },
    ],
    ['timeSlots[0].startTime', { timeSlots: [{ startTime: '09:00', endTime: '10:00' }] }],
    ['timeSlots[0].startTime', { timeSlots: [{ startTime: '20:00', endTime: '20:01' }] }],
    ['timeSlots[0].startTime', { timeSlots: [{ startTime: '13:00', endTime: '14:00' }] }],
    ['batchSize', { batchSize: 0 }],
    ['batchSize', { batchSize: 1001 }],
    ['days', { days: [] }],
    ['timezone', { timezone: 'Mars/Base' }],
    ['startDate', { startDate: '2020-01-06' }],
    ['agentId', { agentId: '00000000-0000-4000-8000-000000000000' }],
    ['recipients[1].phone', { recipients: [{ phone: '+14155550100' }, { phone: '+14155550100' }] }],
  ])('refuses with a 400 on %s', async (field, change) => {
    const res = await api.post('/v1/campaigns', { ...base(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field)).toContain(field);
  });

  it('accepts 1,000 recipients, 2 slots, 09:59-10:01 and batch 1,000', async () => {
    const res = await api.post('/v1/campaigns', {
      ...base(),
      recipients: recipients(1000, 0),
      batchSize: 1000,
      timeSlots: [
        { startTime: '09:59', endTime: '10:01' },
        { startTime: '19:00', endTime: '20:00' },
      ],
    });
    expect(res.status).toBe(201);
    await api.post(`/v1/campaigns/${res.body.id}/status`, { status: 'CANCELLED' });
  });

  it('follows the status transitions of docs/api-assumptions.md', async () => {
    const { body } = await api.post('/v1/campaigns', base());
    const to = (status: string) => api.post(`/v1/campaigns/${body.id}/status`, { status });
    expect((await to('PAUSED')).body.status).toBe('PAUSED');
    expect((await to('PAUSED')).status).toBe(200);
    expect((await to('ACTIVE')).body.status).toBe('ACTIVE');
    expect((await to('CANCELLED')).body.status).toBe('CANCELLED');
    const leave = await to('ACTIVE');
    expect(leave.status).toBe(400);
    expect(leave.body.errors[0].field).toBe('status');
    expect((await api.post(`/v1/campaigns/${body.id}/status`, { status: 'DONE' })).status).toBe(400);
  });
});

describe('the scheduler on the controllable clock', { timeout: 120_000 }, () => {
  it('calls only inside the clipped windows, on the chosen days, at most batchSize a day, in the campaign timezone', async () => {
    const zone = 'America/New_York';
    const startDate = nextMonday(zone);
    const name = `Clip ${Date.now()}`;
    const { body: campaign } = await api.post('/v1/campaigns', {
      name,
      agentId,
      startDate,
      timezone: zone,
      batchSize: 7,
      days: ['MONDAY', 'WEDNESDAY'],
      timeSlots: [{ startTime: '12:30', endTime: '14:30' }],
      recipients: recipients(20, 100),
    });
    // Move the clock to the start date plus nine days, through two Mondays and Wednesdays.
    const target = DateTime.fromISO(startDate, { zone }).plus({ days: 9 }).toMillis();
    await control.post('/_sim/clock', { advanceMinutes: Math.ceil((target - sim.state.clock.nowMs()) / 60_000) });
    const calls = await callsOf(name);
    expect(calls.length).toBeGreaterThan(0);
    const perDay = new Map<string, number>();
    for (const call of calls) {
      const local = DateTime.fromISO(call.startTime, { zone });
      const minutes = local.hour * 60 + local.minute;
      // 12:30-14:30 clipped: 12:30-13:00 and 14:00-14:30.
      expect((minutes >= 750 && minutes < 780) || (minutes >= 840 && minutes < 870), `${call.startTime} -> ${local.toISO()}`).toBe(true);
      expect(['Monday', 'Wednesday']).toContain(local.weekdayLong);
      expect(local.toISODate()! >= startDate).toBe(true);
      perDay.set(local.toISODate()!, (perDay.get(local.toISODate()!) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(7);
    expect(perDay.size).toBeGreaterThanOrEqual(3);
    await api.post(`/v1/campaigns/${campaign.id}/status`, { status: 'CANCELLED' });
  });

  it('pauses, resumes and cancels', async () => {
    const zone = 'Europe/Paris';
    const name = `Pause ${Date.now()}`;
    const everyDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    const today = DateTime.fromJSDate(sim.state.clock.now(), { zone }).toISODate()!;
    const { body: campaign } = await api.post('/v1/campaigns', {
      name,
      agentId,
      startDate: today,
      timezone: zone,
      batchSize: 5,
      days: everyDay,
      timeSlots: [
        { startTime: '10:00', endTime: '13:00' },
        { startTime: '14:00', endTime: '20:00' },
      ],
      recipients: recipients(40, 300),
    });
    await api.post(`/v1/campaigns/${campaign.id}/status`, { status: 'PAUSED' });
    await control.post('/_sim/clock', { advanceMinutes: 2 * 24 * 60 });
    expect(await callsOf(name)).toHaveLength(0);
    await api.post(`/v1/campaigns/${campaign.id}/status`, { status: 'ACTIVE' });
    await control.post('/_sim/clock', { advanceMinutes: 2 * 24 * 60 });
    const placed = (await callsOf(name)).length;
    expect(placed).toBeGreaterThanOrEqual(5);
    expect(placed).toBeLessThanOrEqual(15);
    await api.post(`/v1/campaigns/${campaign.id}/status`, { status: 'CANCELLED' });
    await control.post('/_sim/clock', { advanceMinutes: 2 * 24 * 60 });
    expect((await callsOf(name)).length).toBe(placed);
  });

  it('retries unreached recipients after the delay, up to max', async () => {
    const zone = 'UTC';
    const name = `Retry ${Date.now()}`;
    const everyDay = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    const today = DateTime.fromJSDate(sim.state.clock.now(), { zone }).toISODate()!;
    await api.post('/v1/campaigns', {
      name,
      agentId,
      startDate: today,
      timezone: zone,
      batchSize: 1000,
      days: everyDay,
      timeSlots: [
        { startTime: '10:00', endTime: '13:00' },
        { startTime: '14:00', endTime: '20:00' },
      ],
      recipients: recipients(30, 500),
      retry: { max: 2, delay: 30, retryOn: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED', 'REJECTED'] },
    });
    await control.post('/_sim/clock', { advanceMinutes: 3 * 24 * 60 });
    const calls = await callsOf(name);
    const byPhone = new Map<string, any[]>();
    for (const c of calls) byPhone.set(c.phone, [...(byPhone.get(c.phone) ?? []), c]);
    const retried = [...byPhone.values()].filter((list) => list.length > 1);
    expect(retried.length).toBeGreaterThan(0);
    for (const list of byPhone.values()) {
      expect(list.length).toBeLessThanOrEqual(3);
      const sorted = list.sort((a, b) => a.startTime.localeCompare(b.startTime));
      for (let i = 1; i < sorted.length; i += 1) {
        expect(['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED', 'REJECTED']).toContain(sorted[i - 1].status);
        expect(Date.parse(sorted[i].startTime) - Date.parse(sorted[i - 1].endTime)).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
      }
    }
  });
});

describe('window arithmetic across DST', () => {
  it('keeps local 10:00 as the opening hour on both sides of a DST change', () => {
    const campaign: any = {
      doc: {
        startDate: '2026-03-01',
        days: ['SATURDAY', 'SUNDAY', 'MONDAY'],
        timeSlots: [{ startTime: '10:00', endTime: '11:00' }],
        timezone: 'America/New_York',
      },
    };
    // US DST began on 2026-03-08 (Sunday): 10:00 is 15:00Z before and 14:00Z after.
    const before = campaignWindowAt(campaign, Date.parse('2026-03-07T12:00:00Z'));
    expect(new Date(before.next!).toISOString()).toBe('2026-03-07T15:00:00.000Z');
    const after = campaignWindowAt(campaign, Date.parse('2026-03-08T12:00:00Z'));
    expect(new Date(after.next!).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(campaignWindowAt(campaign, Date.parse('2026-03-08T14:30:00Z')).open).toBe(true);
    expect(campaignWindowAt(campaign, Date.parse('2026-03-08T15:30:00Z')).open).toBe(false);
  });
});
