/**
 * The contact-caps guard of a running campaign, over real HTTP against the simulator on a real
 * PostgreSQL server: the over-cap count of a campaign's kept recipients equals a direct count of
 * their attempts, reads reserve nothing, and one write creates exactly one saved view and one alert
 * rule with auto-pause (twice: still one), audited, refused to a viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { testStore, type TestStore } from '../../common/test-db';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

describe('cap guard on postgres', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let agentId: string;
  let operator: Client;
  let admin: Client;
  let viewer: Client;
  let campaignId: string;
  const name = `Cap guard ${Date.now()}`;
  const phones = Array.from({ length: 6 }, (_, i) => `+3361277${String(i).padStart(4, '0')}`);

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_capguard');
    stack = await startTestStack({ env: store.env });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const created = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `capguard-${Date.now()}` },
      body: {
        name,
        agentId,
        startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).plus({ days: 5 }).toISODate(),
        timezone: 'UTC',
        batchSize: 100,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        retry: { max: 0 },
        recipients: phones.map((phone) => ({ phone })),
      },
    });
    expect(created.status, created.text).toBe(201);
    campaignId = created.body.id;
    // Calls outside the campaign: the first number twice more, the second once more.
    let n = 0;
    for (const phone of [phones[0]!, phones[0]!, phones[1]!]) {
      const r = await operator.request('POST', '/bff/calls', {
        headers: { 'idempotency-key': `capguard-call-${Date.now()}-${n++}` },
        body: { agentId, recipient: { phone } },
      });
      expect(r.status, r.text).toBe(201);
    }
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  const status = (who: Client = operator) => who.request('GET', `/bff/campaigns/${campaignId}/cap-guard`);
  const guard = (who: Client = operator) => who.request('POST', `/bff/campaigns/${campaignId}/cap-guard`);
  /** Kept recipients whose attempts (every one the BFF placed, none outside it) are above the cap. */
  const directCount = async (cap: number) =>
    (
      await stack.app.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM campaign_recipients r
          WHERE r.campaign_id = $1 AND r.skip_reason IS NULL
            AND (SELECT coalesce(sum(a.attempts), 0) FROM contact_attempts a WHERE a.phone = r.phone) > $2`,
        [campaignId, cap],
      )
    ).rows[0]!.n;
  const attemptRows = async () => (await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_attempts')).rows[0]!.n;

  it('says no cap is set, and counts nobody', async () => {
    const r = await status();
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ capsSet: false, known: true, recipients: 0, overCap: 0, attempts: 0, quiet: 0, guard: null });
  });

  it('counts the recipients over the cap as a direct count does, reserving nothing', async () => {
    for (const cap of [2, 1]) {
      expect((await admin.request('PUT', '/bff/compliance/caps', { body: { attempts: cap, windowDays: 7, quietDays: 0 } })).status).toBe(200);
      const before = await attemptRows();
      const r = await status(viewer);
      expect(r.status, r.text).toBe(200);
      const expected = await directCount(cap);
      expect(r.body).toMatchObject({ capsSet: true, known: true, recipients: 6, overCap: expected, attempts: expected, quiet: 0, guard: null });
      expect(await attemptRows()).toBe(before);
    }
    // Figures known from the writes: 3 attempts on the first number, 2 on the second, 1 on the others.
    expect(await directCount(2)).toBe(1);
    expect(await directCount(1)).toBe(2);
  });

  it('refuses the guard to a viewer, and answers 404 for a campaign not created here', async () => {
    const refused = await guard(viewer);
    expect(refused.status).toBe(403);
    const unknown = await operator.request('POST', '/bff/campaigns/00000000-0000-4000-8000-000000000000/cap-guard');
    expect(unknown.status).toBe(404);
    const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules');
    expect(rows[0]!.n).toBe(0);
  });

  it('creates one view and one rule with auto-pause, once; a second click finds it', async () => {
    const first = await guard();
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({ created: true, guard: { name: `Cap guard: ${name} (${campaignId.slice(0, 8)})` } });
    const [second, third] = await Promise.all([guard(), guard(admin)]);
    expect(second.status).toBe(200);
    expect(third.status).toBe(200);
    expect(second.body).toEqual({ created: false, guard: first.body.guard });
    expect(third.body).toEqual({ created: false, guard: first.body.guard });

    const rules = await stack.app.ctx.db.query<{ id: string; view_name: string; filter: any; condition: any; pause_campaign_id: string; pause_set_by: string }>(
      'SELECT * FROM alert_rules',
    );
    expect(rules.rows).toHaveLength(1);
    expect(rules.rows[0]).toMatchObject({
      view_name: first.body.guard.viewName,
      filter: { campaignName: name, agentId },
      condition: { kind: 'count', statuses: [], windowMinutes: 15, atLeast: 1 },
      pause_campaign_id: campaignId,
      pause_set_by: 'operator',
    });
    const views = await stack.app.ctx.db.query<{ name: string; search: any }>('SELECT name, search FROM views');
    expect(views.rows).toEqual([{ name: first.body.guard.viewName, search: { campaignName: name, agentId } }]);
    // The rules list and the page's read name it.
    const listed = (await viewer.request('GET', '/bff/alert-rules')).body as any[];
    expect(listed.map((r) => r.pauseCampaignId)).toEqual([campaignId]);
    expect((await status(viewer)).body.guard).toEqual(first.body.guard);
    const audited = await stack.app.ctx.db.query<{ outcome: string; status: number }>(
      "SELECT outcome, status FROM audit WHERE action = 'compliance.capGuard' ORDER BY id",
    );
    expect(audited.rows.map((r) => r.status)).toEqual([201, 200, 200]);
    expect(audited.rows[0]!.outcome).toContain(`auto-pause of campaign ${campaignId} set by operator`);
  });

  it('counts a quiet period only when another call reached the number, not this campaign', async () => {
    // Reached calls as the index holds them: one outside the campaign, one of the campaign itself.
    const insert = (id: string, phone: string, campaignName: string | null) =>
      stack.app.ctx.db.query(
        `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, recorded, created, campaign_name, tags, classification, extracted, doc)
         VALUES ($1, $2, $3, 'OUTBOUND', 'COMPLETED', now() - interval '1 day', false, now(), $4, '{}', '{}', '{}', '{}')`,
        [id, agentId, phone, campaignName],
      );
    await insert('00000000-0000-4000-8000-0000000000a1', phones[2]!, 'Another campaign');
    await insert('00000000-0000-4000-8000-0000000000a2', phones[3]!, name);
    expect((await admin.request('PUT', '/bff/compliance/caps', { body: { attempts: null, windowDays: 7, quietDays: 30 } })).status).toBe(200);
    const r = await status();
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ capsSet: true, recipients: 6, overCap: 1, attempts: 0, quiet: 1 });
  });
});
