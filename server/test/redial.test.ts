/**
 * Redial over real HTTP against the simulator: after a campaign has called its recipients, the
 * plan holds exactly the numbers whose last call in it ended NO_ANSWER, VOICE_BOX or UNREACHABLE
 * (read back from the upstream with the API key), with their context, without the do-not-call
 * numbers, and with the campaign's schedule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const UNREACHED = ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'];

let stack: TestStack;
let operator: Client;
let agentId: string;

beforeAll(async () => {
  stack = await startTestStack();
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
  operator = await stack.login('operator');
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe('GET /bff/campaigns/:id/redial', { timeout: 120_000 }, () => {
  it('lists those not reached by their last call, with their context, without do-not-call numbers', async () => {
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const name = `Redial ${Date.now()}`;
    const phones = Array.from({ length: 30 }, (_, i) => `+3361299${String(i).padStart(4, '0')}`);
    const created = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `redial-${Date.now()}` },
      body: {
        name,
        agentId,
        startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).toISODate(),
        timezone: 'UTC',
        batchSize: 100,
        days: EVERY_DAY,
        timeSlots: [
          { startTime: '09:00', endTime: '13:00' },
          { startTime: '14:00', endTime: '20:00' },
        ],
        retry: { max: 0 },
        recipients: phones.map((phone, i) => ({ phone, context: { first_name: `P${i}` } })),
      },
    });
    expect(created.status, created.text).toBe(201);
    await stack.control('POST', '/_sim/clock', { advanceMinutes: 2 * 24 * 60 });

    // The truth, from the upstream: the last call of each number.
    const calls = (await stack.upstream('GET', `/v1/calls?campaignName=${encodeURIComponent(name)}&size=100&sort=startTime,DESC`)).body.content as any[];
    const last = new Map<string, any>();
    for (const c of calls) if (!last.has(c.phone)) last.set(c.phone, c);
    expect(last.size).toBe(30);
    const unreached = [...last.values()].filter((c) => UNREACHED.includes(c.status)).map((c) => c.phone as string);
    expect(unreached.length, 'some numbers were not reached').toBeGreaterThan(1);

    // One of them asked not to be called.
    const listed = unreached[0]!;
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: listed, reason: 'Asked' } })).status).toBe(201);

    const plan = await operator.request('GET', `/bff/campaigns/${created.body.id}/redial`);
    expect(plan.status, plan.text).toBe(200);
    expect(plan.body.campaign).toMatchObject({ id: created.body.id, name, batchSize: 100, days: EVERY_DAY, timezone: 'UTC' });
    expect(plan.body.called).toBe(30);
    expect(plan.body.truncated).toBe(false);
    expect(new Set(plan.body.recipients.map((r: any) => r.phone))).toEqual(new Set(unreached.slice(1)));
    for (const r of plan.body.recipients) {
      expect(UNREACHED).toContain(r.lastStatus);
      expect(r.context).toEqual({ first_name: `P${phones.indexOf(r.phone)}` });
    }
    expect(plan.body.skipped).toEqual([{ index: expect.any(Number), phone: listed, reason: 'On the do-not-call list (manual): Asked' }]);
    expect(plan.body.namesakes).toBe(0);

    // The same plan from an upstream that leaves empty fields out (the campaign's empty retryOn,
    // say), adds fields of its own and pages Spring's way (docs/api-assumptions.md).
    await stack.control('POST', '/_sim/variants', { variants: 'omit-empty,extra-fields' });
    try {
      const tolerant = await operator.request('GET', `/bff/campaigns/${created.body.id}/redial`);
      expect(tolerant.status, tolerant.text).toBe(200);
      expect(tolerant.body).toEqual(plan.body);
    } finally {
      await stack.control('POST', '/_sim/variants', { variants: 'strict' });
    }

    // Another campaign created here with the same name and agent: its calls cannot be told apart
    // (calls carry the name only), and the plan says so.
    await stack.app.ctx.db.query(`INSERT INTO campaigns (id, name, agent_id, created_by) VALUES ('dddddddd-0000-4000-8000-000000000001', $1, $2, 'operator')`, [
      name,
      agentId,
    ]);
    expect((await operator.request('GET', `/bff/campaigns/${created.body.id}/redial`)).body.namesakes).toBe(1);
  });

  it('is for roles that create campaigns, and says what is wrong with the id', async () => {
    const viewer = await stack.login('viewer');
    expect((await viewer.request('GET', '/bff/campaigns/00000000-0000-4000-8000-000000000000/redial')).status).toBe(403);
    const bad = await operator.request('GET', '/bff/campaigns/not-an-id/redial');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('id');
    expect((await operator.request('GET', '/bff/campaigns/00000000-0000-4000-8000-000000000000/redial')).status).toBe(404);
  });
});
