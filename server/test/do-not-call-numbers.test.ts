/**
 * Do-not-call numbers in E.164 whatever path added them (issue 35), over real HTTP against the
 * simulator on a real PostgreSQL server: a rule adds the number of a call the upstream wrote as
 * `+330699887766`, and the list then holds `+33699887766`, which the check refuses and a removal
 * finds; entries stored in the upstream's form before the fix are migrated (merged when they
 * duplicate, kept and removable when they cannot be read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../common/db';
import { createTestDatabase } from '../../common/test-db';
import { MIGRATIONS } from '../db/migrations';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

const UPSTREAM_FORM = '+330699887766';
const E164 = '+33699887766';

describe('do-not-call numbers on PostgreSQL', { timeout: 180_000 }, () => {
  let stack: TestStack;
  let drop: () => Promise<void>;
  let operator: Client;
  let agentId: string;

  beforeAll(async () => {
    const created = await createTestDatabase('bff_dnc_e164');
    drop = created.drop;
    // Entries as the rule path stored them before every path normalised: migrated at start.
    const before = await openDb({ url: created.url, max: 2 });
    await migrate(
      before,
      MIGRATIONS.filter((m) => m.id < '017'),
      'bff_migrations',
    );
    const insert = `INSERT INTO do_not_call (phone, reason, source, rule, added_by, added_at) VALUES ($1, $2, $3, $4, $5, $6)`;
    await before.query(insert, ['+330611000001', 'Asked to cancel (rule)', 'rule', 'Cancel', 'rule: Cancel', '2026-01-01T00:00:00Z']);
    await before.query(insert, ['+33611000001', 'Typed later', 'manual', null, 'operator', '2026-02-01T00:00:00Z']);
    await before.query(insert, ['+33611000002', 'Typed first', 'manual', null, 'operator', '2026-01-01T00:00:00Z']);
    await before.query(insert, ['+330611000002', 'Added by a rule later', 'rule', 'Cancel', 'rule: Cancel', '2026-03-01T00:00:00Z']);
    await before.query(insert, ['+330611000003', 'Only in the upstream form', 'rule', 'Cancel', 'rule: Cancel', '2026-01-01T00:00:00Z']);
    await before.query(insert, ['not a number', 'Unreadable', 'rule', 'Cancel', 'rule: Cancel', '2026-01-01T00:00:00Z']);
    await before.close();

    stack = await startTestStack({ env: { ...FAST_INDEX, ALERTS_INTERVAL_SECONDS: '0.3', DATABASE_URL: created.url }, seedCalls: 0 });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.name === 'Appointment Reminder').id;
    operator = await stack.login('operator');
  }, 180_000);
  afterAll(async () => {
    expectNoKey(stack?.keys ?? [], [...(stack?.seen ?? []), ...(stack?.logs ?? [])], 'responses and logs');
    await stack?.close();
    await drop?.();
  });

  const listed = async (q: string) => ((await operator.request('GET', `/bff/do-not-call?size=100&q=${encodeURIComponent(q)}`)).body.content as any[]) ?? [];
  const stats = async (route: string) => ((await stack.control('GET', '/_sim/stats')).body.byRoute[route]?.count ?? 0) as number;

  it('migrates stored numbers to E.164: duplicates merged with the first added kept, unreadable ones kept and removable', async () => {
    const rows = (
      await stack.app.ctx.db.query<{ phone: string; reason: string }>(
        "SELECT phone, reason FROM do_not_call WHERE phone LIKE '+3306%' OR phone LIKE '+33611%' OR phone = 'not a number' ORDER BY phone",
      )
    ).rows;
    expect(rows).toEqual([
      { phone: '+33611000001', reason: 'Asked to cancel (rule)' },
      { phone: '+33611000002', reason: 'Typed first' },
      { phone: '+33611000003', reason: 'Only in the upstream form' },
      { phone: 'not a number', reason: 'Unreadable' },
    ]);
    // A migrated number is refused like any other; the unreadable entry is removed by its stored form.
    const refused = await operator.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': `e164-migrated-${Date.now()}` },
      body: { agentId, recipient: { phone: '+33611000003' } },
    });
    expect(refused.status, refused.text).toBe(422);
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent('not a number')}`)).status).toBe(204);
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent('+330611000003')}`)).status).toBe(204);
    expect(await listed('611000003')).toEqual([]);
  });

  it('lists a number a rule adds in E.164, refuses a call to it, and removes it', async () => {
    // The upstream writes the number in its own form (a trunk 0 after the country code).
    const made = await stack.control('POST', '/_sim/calls', { durationSeconds: 60, transcriptEntries: 4, agentId, phone: UPSTREAM_FORM });
    expect(made.status, made.text).toBe(201);
    const callId = made.body.id as string;
    const call = await waitFor('the call indexed', async () => {
      const { rows } = await stack.app.ctx.db.query<{ phone: string; classification: Record<string, unknown> }>(
        'SELECT phone, classification FROM index_calls WHERE id = $1',
        [callId],
      );
      return rows[0];
    });
    expect(call.phone).toBe(UPSTREAM_FORM);
    const [classifier, value] = Object.entries(call.classification).find(([, v]) => typeof v === 'string')! as [string, string];
    const rule = await operator.request('POST', '/bff/do-not-call/rules', {
      body: { name: 'From the classifier', classifier, value, reason: 'Asked to stop (rule)' },
    });
    expect(rule.status, rule.text).toBe(201);

    const entry = await waitFor('the rule applied', async () => (await listed('699887766')).find((e) => e.callId === callId));
    expect(entry).toMatchObject({ phone: E164, source: 'rule', rule: 'From the classifier' });

    await stack.control('POST', '/_sim/stats/reset');
    for (const phone of [E164, UPSTREAM_FORM]) {
      const res = await operator.request('POST', '/bff/calls', {
        headers: { 'idempotency-key': `e164-${Date.now()}-${phone.length}` },
        body: { agentId, recipient: { phone } },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ field: 'recipient.phone', message: expect.stringContaining('rule "From the classifier"') });
    }
    expect(await stats('POST /v1/calls')).toBe(0);

    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent(E164)}`)).status).toBe(204);
    expect(await listed('699887766')).toEqual([]);
  });

  it('logs the route pattern of a request, never a phone number it carries', async () => {
    const phone = '+33611223344';
    const from = stack.logs.length;
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone, reason: 'Asked' } })).status).toBe(201);
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent(phone)}`)).status).toBe(204);
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent(phone)}`)).status).toBe(404);
    await operator.api('GET', `/v1/calls?phone=${encodeURIComponent(phone)}`);
    await new Promise((r) => setTimeout(r, 200));
    const lines = stack.logs
      .slice(from)
      .flatMap((l) => l.split('\n'))
      .filter(Boolean);
    for (const line of lines) expect(line, line).not.toMatch(/611223344/);
    const routes = lines
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request')
      .map((l) => `${l.method} ${l.route}`);
    expect(routes).toEqual(expect.arrayContaining(['DELETE /bff/do-not-call/:phone', 'GET /api/v1/calls']));
  });

  const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  let keyN = 0;
  const createCampaign = async (name: string, phones: string[]) => {
    const today = ((await stack.control('GET', '/_sim/clock')).body.now as string).slice(0, 10);
    return operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `held-${Date.now()}-${keyN++}` },
      body: {
        name,
        agentId: (await stack.upstream('GET', '/v1/agents?type=OUTBOUND&size=100')).body.content.find((a: any) => a.active && !a.archived).id,
        startDate: today,
        timezone: 'UTC',
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        recipients: phones.map((phone) => ({ phone })),
      },
    });
  };

  it('names the campaigns that hold a number added later (one, import), with their status, and lists them', async () => {
    const name = `Holds them ${Date.now()}`;
    const created = await createCampaign(name, ['+33698763001', '+33698763002', '+33698763003']);
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;

    const added = await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33 6 98 76 30 01', reason: 'Asked' } });
    expect(added.status, added.text).toBe(201);
    expect(added.body.campaigns).toEqual([{ id, name, status: 'ACTIVE', phones: ['+33698763001'] }]);
    const imported = await operator.request('POST', '/bff/do-not-call/import', { body: { rows: [{ line: 2, phone: '+33698763002', reason: 'Imported' }] } });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.campaigns).toEqual([{ id, name, status: 'ACTIVE', phones: ['+33698763002'] }]);
    // A number no campaign holds names none.
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33698763999', reason: 'Asked' } })).body.campaigns).toEqual([]);

    const viewer = await stack.login('viewer');
    const holding = (await viewer.request('GET', '/bff/do-not-call/campaigns')).body as any[];
    expect(holding.find((c) => c.id === id)).toEqual({ id, name, status: 'ACTIVE', phones: ['+33698763001', '+33698763002'] });
    const admin = await stack.login('admin');
    const audit = (await admin.request('GET', '/bff/audit?action=doNotCall.add')).body.content as any[];
    expect(audit[1]).toMatchObject({ outcome: `ok: +33698763001 (manual); in 1 campaign: "${name}"` });

    // Paused through the write route: still named, with its status; cancelled: no longer.
    expect((await operator.request('POST', `/bff/campaigns/${id}/status`, { body: { status: 'PAUSED' } })).status).toBe(200);
    expect(((await viewer.request('GET', '/bff/do-not-call/campaigns')).body as any[]).find((c) => c.id === id)?.status).toBe('PAUSED');
    expect((await operator.request('POST', `/bff/campaigns/${id}/status`, { body: { status: 'CANCELLED' } })).status).toBe(200);
    expect(((await viewer.request('GET', '/bff/do-not-call/campaigns')).body as any[]).find((c) => c.id === id)).toBeUndefined();
  });

  it('tells a campaign create that raced an addition which numbers it holds, and audits it', async () => {
    const name = `Raced ${Date.now()}`;
    // The upstream takes 2 s to create: the number is listed after the check, before the campaign exists.
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/campaigns', latencyMs: 2000, count: 1 });
    const creating = createCampaign(name, ['+33698764001', '+33698764002']);
    await new Promise((r) => setTimeout(r, 700));
    const added = await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33698764002', reason: 'Asked during the create' } });
    expect(added.status, added.text).toBe(201);
    const created = await creating;
    expect(created.status, created.text).toBe(201);
    expect(created.body.doNotCallSkipped).toBeUndefined();
    expect(created.body.doNotCallListedDuringCreate).toEqual([{ phone: '+33698764002', reason: 'On the do-not-call list (manual): Asked during the create' }]);
    const admin = await stack.login('admin');
    const audit = (await admin.request('GET', '/bff/audit?action=doNotCall.listedDuringCreate')).body.content as any[];
    expect(audit[0]).toMatchObject({ user: 'operator', outcome: `warning: 1 number was listed while the campaign "${name}" was created; it holds it` });
    const holding = (await operator.request('GET', '/bff/do-not-call/campaigns')).body as any[];
    expect(holding.find((c) => c.id === created.body.id)).toMatchObject({ name, status: 'ACTIVE', phones: ['+33698764002'] });
  });
});
