/**
 * Watched views and alerts over real HTTP (BFF + simulator), on PGlite and on PostgreSQL: rules
 * evaluated from the call index at the simulator's clock while a test moves it through an hour,
 * webhooks signed and retried against a local receiver with their attempts visible, auto-pause
 * seen upstream exactly once per breach (and retried when the upstream fails it), audited with
 * the rule and the person; bad input refused per field. On PostgreSQL, two BFF instances: one evaluates.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { WEBHOOK_HEADERS } from '../../contract/bff/alerts.plain';
import { verifyWebhook } from '../services/alerts/webhook';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const SECRET = 'receiver-shared-secret-0123456789';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A webhook receiver on this machine; `fail` answers the next n requests with 500. */
function receiver() {
  const received: Received[] = [];
  let fail = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answered = fail > 0 ? 500 : 204;
      if (fail > 0) fail -= 1;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.statusCode = answered;
      res.end();
    });
  });
  return {
    received,
    failNext(n: number) {
      fail = n;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address() as { port: number };
      return `http://127.0.0.1:${address.port}/hook`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fixed-offset zone whose local time is now about 10:00, so a campaign's 09:00-13:00 slot is open. */
function zoneAtTen(simNow: DateTime): string {
  const utcHour = simNow.toUTC().hour;
  for (let n = -14; n <= 12; n += 1) {
    const local = (((utcHour - n) % 24) + 24) % 24;
    if (local === 10) return `Etc/GMT${n >= 0 ? '+' : '-'}${Math.abs(n)}`;
  }
  return 'UTC';
}

describe.each(['postgres'] as const)('watched views and alerts on %s', { timeout: 240_000 }, (kind) => {
  let stack: TestStack;
  let second: TestStack | undefined;
  let store: TestStore | undefined;
  let operator: Client;
  let admin: Client;
  let viewer: Client;
  let recordable: string;
  let outbound: string;
  const hook = receiver();
  let hookUrl: string;

  beforeAll(async () => {
    store = await testStore(kind, 'bff_alerts', {
      ...FAST_INDEX,
      ALERTS_INTERVAL_SECONDS: '0.3',
      ALERT_RETRY_BASE_MS: '100',
      ALERT_WEBHOOK_LOOPBACK: 'true',
      ALERT_WEBHOOK_TIMEOUT_MS: '2000',
    });
    const env = store.env;
    stack = await startTestStack({ env, seedCalls: 0 });
    if (kind === 'postgres') second = await startTestStack({ env, sim: stack.sim }, stack.keys);
    hookUrl = await hook.listen();
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    recordable = agents.find((a) => a.name === 'Appointment Reminder').id;
    outbound = recordable;
    operator = await stack.login('operator');
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
  }, 180_000);
  afterAll(async () => {
    expectNoKey(stack?.keys ?? [], [...(stack?.seen ?? []), ...(stack?.logs ?? [])], 'responses and logs');
    // The webhook secret is write-only: no answer of the BFF carries it.
    expect((stack?.seen ?? []).some((s) => s.includes(SECRET))).toBe(false);
    await second?.close();
    await stack?.close();
    await hook.close();
    await store?.drop();
  });

  const simNow = async () => DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now as string);
  const advance = (minutes: number) => stack.control('POST', '/_sim/clock', { advanceMinutes: minutes });
  const rule = async (id: number) => ((await operator.request('GET', '/bff/alert-rules')).body as any[]).find((r) => r.id === id);
  /** Waits until the rule was evaluated at an index instant at or after the simulator's now. */
  async function evaluatedNow(id: number) {
    const target = (await simNow()).toMillis();
    return waitFor(`rule ${id} evaluated at ${new Date(target).toISOString()}`, async () => {
      const r = await rule(id);
      return r?.lastEvaluatedAt && Date.parse(r.lastEvaluatedAt) >= target ? r : null;
    });
  }
  /** Adds a rule as the operator, on the view "Completed on the reminder" unless the body names another. */
  const addRule = (body: Record<string, unknown>) => operator.request('POST', '/bff/alert-rules', { body: { viewName: 'Completed on the reminder', ...body } });
  const makeCall = (durationSeconds = 60) => stack.control('POST', '/_sim/calls', { durationSeconds, transcriptEntries: 4, agentId: recordable });
  const statusWrites = async () => {
    const byRoute = (await stack.control('GET', '/_sim/stats')).body.byRoute as Record<string, { count: number; status5xx: number }>;
    return Object.entries(byRoute)
      .filter(([k]) => k.startsWith('POST /v1/campaigns/') && k.endsWith('/status'))
      .reduce((a, [, v]) => ({ count: a.count + v.count, status5xx: a.status5xx + v.status5xx }), { count: 0, status5xx: 0 });
  };

  it(`runs on ${kind}`, () => {
    expect(stack.app.ctx.db).toBeDefined();
  });

  it('refuses bad rules with a message per field, and viewers may only read', async () => {
    await operator.request('PUT', '/bff/views/Completed%20on%20the%20reminder', { body: { search: { agentId: recordable, status: ['COMPLETED'] } } });
    const base = { name: 'Too many', viewName: 'Completed on the reminder', condition: { kind: 'count', windowMinutes: 30, atLeast: 2 } };
    const denied = await viewer.request('POST', '/bff/alert-rules', { body: base });
    expect(denied.status).toBe(403);
    const noView = await operator.request('POST', '/bff/alert-rules', { body: { ...base, viewName: 'Nope' } });
    expect(noView.status).toBe(400);
    expect(noView.body.errors).toEqual([expect.objectContaining({ field: 'viewName', message: 'You have no saved view named "Nope".' })]);
    const badWindow = await operator.request('POST', '/bff/alert-rules', { body: { ...base, condition: { kind: 'count', windowMinutes: 0, atLeast: 2 } } });
    expect(badWindow.status).toBe(400);
    expect(badWindow.body.message).toBe('Some fields of the rule are not valid.');
    expect(badWindow.body.errors).toEqual([expect.objectContaining({ field: 'condition.windowMinutes', message: 'The window must be at least 1.' })]);
    const http = await operator.request('POST', '/bff/alert-rules', { body: { ...base, webhookUrl: 'http://hooks.example.com/x', webhookSecret: SECRET } });
    expect(http.body.errors).toEqual([expect.objectContaining({ field: 'webhookUrl', message: 'Webhook URLs must be https.' })]);
    const privateNet = await operator.request('POST', '/bff/alert-rules', { body: { ...base, webhookUrl: 'https://10.1.2.3/x', webhookSecret: SECRET } });
    expect(privateNet.body.errors[0]).toMatchObject({ field: 'webhookUrl', message: expect.stringContaining('public addresses only') });
    const noSecret = await operator.request('POST', '/bff/alert-rules', { body: { ...base, webhookUrl: hookUrl } });
    expect(noSecret.body.errors).toEqual([expect.objectContaining({ field: 'webhookSecret' })]);
    const noCampaign = await operator.request('POST', '/bff/alert-rules', { body: { ...base, pauseCampaignId: '00000000-0000-4000-8000-000000000000' } });
    expect(noCampaign.body.errors).toEqual([expect.objectContaining({ field: 'pauseCampaignId', message: 'That campaign is not one this console created.' })]);
    expect((await operator.request('GET', '/bff/alert-rules')).body).toEqual([]);
    expect((await viewer.request('GET', '/bff/alerts')).status).toBe(200);
  });

  it('opens one alert per breach over a simulated hour, clears it when the window passes, and signs each webhook', async () => {
    const created = await addRule({
      name: 'Two completed in 30 min',
      condition: { kind: 'count', windowMinutes: 30, atLeast: 2 },
      webhookUrl: hookUrl,
      webhookSecret: SECRET,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ webhookUrl: hookUrl, webhookSecretSet: true, filter: { agentId: recordable, status: ['COMPLETED'] } });
    expect(created.text).not.toContain(SECRET);
    const id = created.body.id as number;

    // 00:00 one call: below the threshold.
    await makeCall();
    expect(await evaluatedNow(id)).toMatchObject({ state: 'ok', lastValue: 1, openAlertId: null });
    // 00:10 a second: breached, one alert.
    await advance(10);
    await makeCall();
    const breached = await evaluatedNow(id);
    expect(breached).toMatchObject({ state: 'breached', lastValue: 2 });
    const alertId = breached.openAlertId as number;
    // 00:20 a third: the same breach, still one alert.
    await advance(10);
    await makeCall();
    expect(await evaluatedNow(id)).toMatchObject({ state: 'breached', lastValue: 3, openAlertId: alertId });
    // 00:45: the first two left the window, one call left in it: cleared.
    await advance(25);
    expect(await evaluatedNow(id)).toMatchObject({ state: 'ok', lastValue: 1, openAlertId: null });
    // 01:00: nothing in the window.
    await advance(15);
    expect(await evaluatedNow(id)).toMatchObject({ state: 'ok', lastValue: 0 });

    const alerts = (await viewer.request('GET', '/bff/alerts')).body;
    expect(alerts.content).toHaveLength(1);
    expect(alerts.content[0]).toMatchObject({ id: alertId, ruleName: 'Two completed in 30 min', value: 2, pause: { state: 'none' } });
    expect(alerts.content[0].summary).toContain('2 COMPLETED calls in the last 30 minutes');
    expect(alerts.content[0].clearedAt).not.toBeNull();

    // Both webhooks arrived, signed over the timestamp and the body.
    await waitFor('two webhooks', async () => hook.received.length >= 2);
    const [opened, cleared] = hook.received;
    for (const r of [opened!, cleared!]) {
      const headers = {
        timestamp: r.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
        delivery: r.headers[WEBHOOK_HEADERS.delivery.toLowerCase()] as string,
        signature: r.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
      };
      expect(verifyWebhook(SECRET, headers, r.body, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifyWebhook('another-secret-0123456789', headers, r.body, Math.floor(Date.now() / 1000))).toBe(false);
      expect(verifyWebhook(SECRET, headers, r.body.replace('"value"', '"valuE"'), Math.floor(Date.now() / 1000))).toBe(false);
    }
    expect(JSON.parse(opened!.body)).toMatchObject({
      event: 'opened',
      alert: { id: alertId, value: 2, clearedAt: null },
      rule: { id, name: 'Two completed in 30 min' },
    });
    expect(JSON.parse(cleared!.body)).toMatchObject({ event: 'cleared', alert: { id: alertId } });
    const detail = await waitFor('deliveries recorded', async () => {
      const d = (await viewer.request('GET', `/bff/alerts/${alertId}`)).body;
      return d.deliveryList?.every((x: any) => x.state === 'delivered') && d.deliveryList.length === 2 ? d : null;
    });
    expect(detail.deliveryList.map((d: any) => [d.event, d.attempts.map((a: any) => a.status)])).toEqual([
      ['opened', [204]],
      ['cleared', [204]],
    ]);
    // The view names no campaign and the rule pauses none: the alert is about no campaign.
    expect(detail.campaigns).toEqual([]);
    await operator.request('DELETE', `/bff/alert-rules/${id}`);
  });

  it('retries a failing webhook with back-off, records each attempt, and the failure blocks nothing', async () => {
    hook.received.length = 0;
    hook.failNext(2);
    const created = await addRule({
      name: 'Any completed',
      condition: { kind: 'count', windowMinutes: 5, atLeast: 1 },
      webhookUrl: hookUrl,
      webhookSecret: SECRET,
    });
    // A second rule whose receiver is down: its alert opens all the same.
    const down = await addRule({
      name: 'Any completed (receiver down)',
      condition: { kind: 'count', windowMinutes: 5, atLeast: 1 },
      webhookUrl: 'http://127.0.0.1:9/none',
      webhookSecret: SECRET,
    });
    expect(created.status).toBe(201);
    expect(down.status).toBe(201);
    await makeCall();
    const r = await evaluatedNow(created.body.id);
    expect(r.state).toBe('breached');
    expect((await evaluatedNow(down.body.id)).state).toBe('breached');
    const detail = await waitFor('the delivery after two failures', async () => {
      const d = (await operator.request('GET', `/bff/alerts/${r.openAlertId}`)).body;
      return d.deliveryList?.[0]?.state === 'delivered' ? d : null;
    });
    expect(detail.deliveryList[0].attempts.map((a: any) => a.status)).toEqual([500, 500, 204]);
    expect(detail.deliveryList[0].attempts[0].error).toBe('The receiver answered 500.');
    const at = detail.deliveryList[0].attempts.map((a: any) => Date.parse(a.at));
    // Back-off: at least the base (100 ms) before the second attempt, twice it before the third.
    // Jitter and a busy machine only add, so these floors hold however slow the run; comparing the
    // two gaps did not (a slow first send made the first gap the longer one). A deliverer that did
    // not wait fails them (about 100 ms apart, the loop's own period); the doubling itself is
    // pinned by backoffMs's unit test.
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(100);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(200);
    expect(hook.received.map((x) => x.answered)).toEqual([500, 500, 204]);
    // The same delivery each time (the receiver can deduplicate by its id).
    expect(new Set(hook.received.map((x) => x.headers[WEBHOOK_HEADERS.delivery.toLowerCase()])).size).toBe(1);
    const failing = await waitFor('the unreachable receiver given up', async () => {
      const openId = (await rule(down.body.id)).openAlertId;
      const d = (await operator.request('GET', `/bff/alerts/${openId}`)).body;
      return d.deliveryList?.[0]?.state === 'failed' ? d : null;
    });
    expect(failing.deliveries).toMatchObject({ total: 1, failed: 1 });
    expect(failing.deliveryList[0].attempts).toHaveLength(6);
    expect(failing.deliveryList[0].attempts[0].error).toBe('The receiver refused the connection.');
    await operator.request('DELETE', `/bff/alert-rules/${created.body.id}`);
    await operator.request('DELETE', `/bff/alert-rules/${down.body.id}`);
  });

  it('pauses the watched campaign once per breach, through the status route, audited with the rule and who set it', async () => {
    const now = await simNow();
    const zone = zoneAtTen(now);
    const name = `Alerts ${kind} ${Date.now()}`;
    const recipients = Array.from({ length: 30 }, (_, i) => ({ phone: `+3361234${String(7000 + i)}` }));
    const campaign = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `alerts-${kind}-${Date.now()}` },
      body: {
        name,
        agentId: outbound,
        startDate: now.setZone(zone).toISODate(),
        timezone: zone,
        batchSize: 30,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '09:00', endTime: '13:00' }],
        recipients,
      },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const campaignId = campaign.body.id as string;
    await operator.request('PUT', `/bff/views/${encodeURIComponent(name)}`, { body: { search: { campaignName: name } } });
    const created = await addRule({
      name: 'No answer over 5 %',
      viewName: name,
      condition: { kind: 'share', group: 'noAnswer', windowMinutes: 60, abovePercent: 5, minCalls: 5 },
      pauseCampaignId: campaignId,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ pauseCampaignId: campaignId, pauseCampaignName: name, pauseSetBy: 'operator' });
    const id = created.body.id as number;
    await stack.control('POST', '/_sim/stats/reset');

    // An hour in steps of 10 minutes: the calls are placed, end, and a third or so are not answered.
    let alertId: number | null = null;
    for (let step = 0; step < 6; step += 1) {
      await advance(10);
      const r = await evaluatedNow(id);
      alertId ??= r.openAlertId;
    }
    expect(alertId, 'the rule was breached').not.toBeNull();
    const alert = await waitFor('the pause done', async () => {
      const a = (await viewer.request('GET', `/bff/alerts/${alertId}`)).body;
      return a.pause?.state === 'done' ? a : null;
    });
    expect(alert.pause).toMatchObject({ state: 'done', campaignId, campaignName: name, setBy: 'operator', attempts: 1, lastError: null });
    expect(alert.value).toBeGreaterThan(5);
    expect((await stack.upstream('GET', `/v1/campaigns/${campaignId}`)).body.status).toBe('PAUSED');

    // More evaluations of the same breach (and of its end): no second pause.
    await advance(10);
    await evaluatedNow(id);
    await advance(60);
    await evaluatedNow(id);
    expect(await statusWrites()).toEqual({ count: 1, status5xx: 0 });
    const all = (await viewer.request('GET', '/bff/alerts?size=100')).body.content.filter((a: any) => a.ruleId === id);
    expect(all).toHaveLength(1);

    const audit = (await admin.request('GET', '/bff/audit?action=alerts.autoPause')).body.content as any[];
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user: 'operator', outcome: expect.stringContaining(`rule "No answer over 5 %" (#${id})`) });
    expect(audit[0].outcome).toContain('auto-pause set by operator');
    expect(audit[0].outcome).toContain(campaignId);
    const created2 = (await admin.request('GET', '/bff/audit?action=alerts.rule.create')).body.content as any[];
    expect(created2.some((a) => a.outcome.includes(`auto-pause of campaign ${campaignId} set by operator`))).toBe(true);

    // The alert page offers the campaigns it is about: the auto-pause's first, then any other
    // registry campaign the view's campaign name matches (here a second one of the same name).
    expect((await viewer.request('GET', `/bff/alerts/${alertId}`)).body.campaigns).toEqual([{ id: campaignId, name, matchedBy: 'id', sameName: 1 }]);
    const namesake = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `alerts-namesake-${kind}-${Date.now()}` },
      body: {
        name,
        agentId: outbound,
        startDate: now.setZone(zone).plus({ days: 30 }).toISODate(),
        timezone: zone,
        batchSize: 1,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '09:00', endTime: '13:00' }],
        recipients: [{ phone: '+33612349999' }],
      },
    });
    expect(namesake.status, namesake.text).toBe(201);
    expect((await viewer.request('GET', `/bff/alerts/${alertId}`)).body.campaigns).toEqual([
      { id: campaignId, name, matchedBy: 'id', sameName: 2 },
      { id: namesake.body.id, name, matchedBy: 'name', sameName: 2 },
    ]);
    await operator.request('DELETE', `/bff/alert-rules/${id}`);
  });

  it('retries a pause the upstream fails, and the alert shows it', async () => {
    const now = await simNow();
    const name = `Alerts retry ${kind} ${Date.now()}`;
    const campaign = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `alerts-retry-${kind}-${Date.now()}` },
      body: {
        name,
        agentId: outbound,
        startDate: now.plus({ days: 2 }).toISODate(),
        timezone: 'UTC',
        batchSize: 5,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '09:00', endTime: '13:00' }],
        recipients: [{ phone: '+33612348001' }],
      },
    });
    expect(campaign.status, campaign.text).toBe(201);
    const campaignId = campaign.body.id as string;
    // The status route fails twice (503), then works.
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/campaigns/*/status', status5xxRatio: 1, count: 2 });
    await stack.control('POST', '/_sim/stats/reset');
    const created = await addRule({
      name: 'Any completed, pause',
      condition: { kind: 'count', windowMinutes: 5, atLeast: 1 },
      pauseCampaignId: campaignId,
    });
    await makeCall();
    const r = await evaluatedNow(created.body.id);
    expect(r.state).toBe('breached');
    const done = await waitFor('the pause done after the failures', async () => {
      const a = (await viewer.request('GET', `/bff/alerts/${r.openAlertId}`)).body;
      return a.pause?.state === 'done' ? a : null;
    });
    // The alert says it took three attempts, and what the failures were.
    expect(done.pause).toMatchObject({ attempts: 3, lastError: expect.stringContaining('The Voice API failed (503)') });
    const audit = (await admin.request('GET', '/bff/audit?action=alerts.autoPause')).body.content as any[];
    expect(audit.filter((a) => a.outcome.includes(`alert #${r.openAlertId}`)).map((a) => a.outcome.split(':')[0])).toEqual([
      'ok',
      'failed (will retry)',
      'failed (will retry)',
    ]);
    expect(await statusWrites()).toEqual({ count: 3, status5xx: 2 });
    expect((await stack.upstream('GET', `/v1/campaigns/${campaignId}`)).body.status).toBe('PAUSED');
    await stack.control('DELETE', '/_sim/faults');
    await operator.request('DELETE', `/bff/alert-rules/${created.body.id}`);
  });

  it('adds the numbers of calls a do-not-call rule matches, with source rule, once per call', async () => {
    const classified = () => viewer.request('GET', `/bff/index/calls?classifier=${encodeURIComponent('intent=CANCEL')}&size=100`);
    // Made calls are classified at random: make them until the index holds one with intent CANCEL.
    for (let i = 0; i < 30 && (await classified()).body.totalElements === 0; i += 1) {
      await makeCall();
      await waitFor(
        'the call indexed',
        async () => (await stack.app.ctx.db.query('SELECT 1 FROM index_sync WHERE indexed_at >= $1', [(await simNow()).toJSDate()])).rows[0],
      );
    }
    const calls = (await classified()).body.content as { phone: string }[];
    expect(calls.length).toBeGreaterThan(0);
    const expected = [...new Set(calls.map((c) => c.phone))].sort();

    expect((await viewer.request('POST', '/bff/do-not-call/rules', { body: { name: 'x', classifier: 'intent', value: 'CANCEL', reason: 'r' } })).status).toBe(
      403,
    );
    const bad = await operator.request('POST', '/bff/do-not-call/rules', { body: { name: 'Cancelled', classifier: '', value: 'CANCEL', reason: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.field).sort()).toEqual(['classifier', 'reason']);
    const created = await operator.request('POST', '/bff/do-not-call/rules', {
      body: { name: 'Asked to cancel', classifier: 'intent', value: 'CANCEL', reason: 'Asked to cancel (rule)' },
    });
    expect(created.status, created.text).toBe(201);
    const listed = async () =>
      ((await viewer.request('GET', '/bff/do-not-call?size=100')).body.content as any[])
        .filter((e) => e.source === 'rule')
        .sort((a, b) => a.phone.localeCompare(b.phone));
    const entries = await waitFor('the rule applied', async () => ((await listed()).length === expected.length ? listed() : null));
    expect(entries.map((e) => e.phone)).toEqual(expected);
    expect(entries[0]).toMatchObject({ source: 'rule', rule: 'Asked to cancel', reason: 'Asked to cancel (rule)', addedBy: 'rule: Asked to cancel' });
    expect((await operator.request('GET', '/bff/do-not-call/rules')).body[0]).toMatchObject({ name: 'Asked to cancel', added: expected.length });

    // A person removes a number: the rule does not put it back for the same call.
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent(expected[0]!)}`)).status).toBe(204);
    const rid = (await addRule({ name: 'tick', condition: { kind: 'stuck', minutes: 30 } })).body.id;
    await advance(1);
    await evaluatedNow(rid);
    await evaluatedNow(rid);
    expect((await listed()).map((e) => e.phone)).toEqual(expected.slice(1));
    const audit = (await admin.request('GET', '/bff/audit?action=doNotCall.rule')).body.content as any[];
    // The campaigns holding any of them are named after (this suite's campaigns hold the made calls' number).
    expect(audit[0]).toMatchObject({
      user: 'operator',
      outcome: expect.stringMatching(new RegExp(`^ok: ${expected.length} added by rule "Asked to cancel" \\(intent = CANCEL\\)($|; in )`)),
    });
    await operator.request('DELETE', `/bff/alert-rules/${rid}`);
  });

  it('evaluates on exactly one instance (PostgreSQL: one of two, by advisory lock; PGlite: the one process)', async () => {
    const instances = [stack, ...(second ? [second] : [])];
    expect(instances).toHaveLength(kind === 'postgres' ? 2 : 1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(instances.filter((s) => s.app.ctx.alerts!.leading)).toHaveLength(1);
    expect(instances.filter((s) => s.app.ctx.alerts!.evaluations > 0)).toHaveLength(1);
  });
});
