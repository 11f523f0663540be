/**
 * Campaign progress for the campaigns list (GET /bff/index/campaigns) over real HTTP against the
 * simulator, on PGlite and on a real PostgreSQL server: the registry keeps the recipient count a
 * campaign was created with through the BFF (after the do-not-call list), so what remains is known;
 * calls, reached and not reached follow the upstream's own calls; a registry row without a count
 * (created before the count was kept) says "unknown" (null), never a guess.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { STATUS_GROUP_OF } from '../../contract/status-groups';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const LISTED = '+33612349901';

describe.each(['postgres'] as const)('campaign progress on %s', { timeout: 120_000 }, (kind) => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let operator: Client;
  let agentId: string;

  beforeAll(async () => {
    store = await testStore(kind, 'bff_progress', { ...FAST_INDEX });
    const env = store.env;
    stack = await startTestStack({ seedCalls: 50, env });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: LISTED, reason: 'Asked' } })).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  const progress = async (ids: string[]) => {
    const res = await operator.request('GET', `/bff/index/campaigns?${ids.map((id) => `id=${id}`).join('&')}`);
    expect(res.status, res.text).toBe(200);
    return res.body.content as any[];
  };

  it('knows how many recipients remain for a campaign created through the BFF, and follows its calls', async () => {
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const name = `Progress ${kind} ${Date.now()}`;
    const phones = ['+33612349911', '+33612349912', '+33612349913', '+33612349914', '+33612349915'];
    const created = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `progress-${kind}-${Date.now()}` },
      body: {
        name,
        agentId,
        startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).toISODate(),
        timezone: 'UTC',
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '00:00', endTime: '23:59' }],
        // The listed number is left out: 5 recipients are sent.
        recipients: [{ phone: LISTED }, ...phones.map((phone) => ({ phone }))],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;

    const [fresh] = await progress([id]);
    expect(fresh).toMatchObject({ campaignId: id, campaignName: name, recipients: 5, recipientsCalled: 0, remaining: 5, calls: 0 });

    await stack.control('POST', '/_sim/clock', { advanceMinutes: 3 * 24 * 60 });
    // The upstream's truth, read again at each look: the simulator's clock runs on in real time, so
    // a call in progress at one read may have ended by the next (and a slow machine's index pass
    // sees it ended, never the count of the first read).
    const truth = async () => {
      const upstream = (await stack.upstream('GET', `/v1/calls?campaignName=${encodeURIComponent(name)}&size=100`)).body.content as any[];
      const groups = { reached: 0, noAnswer: 0, failed: 0, canceled: 0, inProgress: 0 };
      for (const c of upstream) groups[STATUS_GROUP_OF[c.status as keyof typeof STATUS_GROUP_OF]] += 1;
      return { calls: upstream.length, called: new Set(upstream.map((c) => c.phone)).size, groups };
    };
    expect((await truth()).calls).toBeGreaterThan(0);
    // A call indexed while still in progress is refreshed by a later pass: wait for its outcome too.
    const { after, upstream } = await waitFor('the campaign calls in the index', async () => {
      const [p] = await progress([id]);
      const now = await truth();
      const same = p.calls === now.calls && Object.entries(now.groups).every(([group, n]) => p.groups[group] === n);
      // Thrown, not false: waitFor's timeout then says what the last look saw (which side lagged).
      if (!same) throw new Error(`index ${p.calls} calls ${JSON.stringify(p.groups)}, upstream ${now.calls} ${JSON.stringify(now.groups)}`);
      return { after: p, upstream: now };
    });
    expect(after).toMatchObject({ recipients: 5, recipientsCalled: upstream.called, remaining: 5 - upstream.called, groups: upstream.groups });
    await operator.request('POST', `/bff/campaigns/${id}/status`, { body: { status: 'CANCELLED' } });
  });

  it('says the remaining count is unknown (null) for a registry campaign without a recipient count', async () => {
    const id = randomUUID();
    await stack.app.ctx.db.query(`INSERT INTO campaigns (id, name, agent_id, created_by) VALUES ($1, $2, $3, 'before-015')`, [id, `Old ${kind}`, agentId]);
    const [old] = await progress([id]);
    expect(old).toMatchObject({ campaignId: id, recipients: null, remaining: null, calls: 0 });
  });
});
