/**
 * The do-not-call list, by direct requests to the BFF over real HTTP against the simulator, on
 * PGlite and on a real PostgreSQL server: managed by operators and admins, imported per row,
 * exported as CSV, and enforced on every way of calling (one call, bulk calls, campaign creation)
 * whatever the client sends. The simulator's own counters prove what reached the upstream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { testStore, type TestStore } from '../../common/test-db';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';
import { DNC_IMPORTS_PER_USER_PER_MINUTE } from '../../contract/bff/do-not-call';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

describe.each(['postgres'] as const)('the do-not-call list on %s', { timeout: 120_000 }, (kind) => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let agentId: string;
  let operator: Client;

  beforeAll(async () => {
    store = await testStore(kind, 'bff_dnc');
    const env = store.env;
    stack = await startTestStack({ env });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    operator = await stack.login('operator');
  }, 180_000);
  afterAll(async () => {
    expectNoKey(stack?.keys ?? [], [...(stack?.seen ?? []), ...(stack?.logs ?? [])], 'responses and logs');
    await stack?.close();
    await store?.drop();
  });

  const stats = async (route: string) => ((await stack.control('GET', '/_sim/stats')).body.byRoute[route]?.count ?? 0) as number;
  let keyN = 0;
  const key = () => `dnc-${kind}-${Date.now()}-${keyN++}`;

  it(`runs on ${kind}`, () => {
    expect(stack.app.ctx.db).toBeDefined();
  });

  it('lets operators and admins add numbers, normalised to E.164, and viewers only read', async () => {
    const viewer = await stack.login('viewer');
    const refused = await viewer.request('POST', '/bff/do-not-call', { body: { phone: '+33612345601', reason: 'Asked' } });
    expect(refused.status).toBe(403);
    const bad = await operator.request('POST', '/bff/do-not-call', { body: { phone: '06 12 34 56 01', reason: 'Asked' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'phone', message: expect.stringContaining('international form') });
    const ok = await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33 6 12 34 56 01', reason: 'Asked not to be called' } });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ phone: '+33612345601', source: 'manual', addedBy: 'operator', reason: 'Asked not to be called' });
    const again = await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33612345601', reason: 'Twice' } });
    expect(again.status).toBe(200);
    expect(again.body.reason).toBe('Asked not to be called');
    const empty = await operator.request('POST', '/bff/do-not-call', { body: { phone: '+33612345602', reason: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'reason', message: 'Say why this number must not be called.' })]);
    const list = await viewer.request('GET', '/bff/do-not-call?q=612345601');
    expect(list.status).toBe(200);
    expect(list.body.content.map((e: any) => e.phone)).toEqual(['+33612345601']);
  });

  it('refuses one call to a listed number with the reason, and nothing reaches the upstream', async () => {
    await stack.control('POST', '/_sim/stats/reset');
    const res = await operator.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipient: { phone: '+33612345601' } },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.headers.get('x-switchboard-outcome')).toBe('not-applied');
    expect(res.body.errors).toEqual([
      { field: 'recipient.phone', rejectedValue: '+33612345601', message: 'On the do-not-call list (manual): Asked not to be called' },
    ]);
    expect(await stats('POST /v1/calls')).toBe(0);
    // A number not listed still goes through.
    const other = await operator.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipient: { phone: '+33612345699' } },
    });
    expect(other.status, other.text).toBe(201);
    expect(await stats('POST /v1/calls')).toBe(1);
  });

  it('leaves listed numbers out of bulk calls and says which and why; all listed: nothing is sent', async () => {
    await stack.control('POST', '/_sim/stats/reset');
    const res = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: '+33612345611' }, { phone: '+33612345601', context: { name: 'Listed' } }, { phone: '+33612345612' }] },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.calls.map((c: any) => c.phone).sort()).toEqual(['+33612345611', '+33612345612']);
    expect(res.body.doNotCallSkipped).toEqual([{ index: 1, phone: '+33612345601', reason: 'On the do-not-call list (manual): Asked not to be called' }]);
    const upstream = await stack.upstream('GET', '/v1/calls?phone=%2B33612345601&size=100');
    expect(upstream.body.content).toEqual([]);

    const all = await operator.request('POST', '/bff/bulk/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipients: [{ phone: '+33612345601' }] },
    });
    expect(all.status).toBe(422);
    expect(all.body.errors[0].field).toBe('recipients[0].phone');
    expect(await stats('POST /v1/bulk/calls')).toBe(1);
  });

  it('creates a campaign without the listed numbers, and its calls never reach them', async () => {
    const zone = 'UTC';
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const today = DateTime.fromISO(clock.now, { zone }).toISODate()!;
    const name = `DNC ${kind} ${Date.now()}`;
    await stack.control('POST', '/_sim/stats/reset');
    const res = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': key() },
      body: {
        name,
        agentId,
        startDate: today,
        timezone: zone,
        batchSize: 10,
        days: EVERY_DAY,
        timeSlots: [
          { startTime: '09:00', endTime: '13:00' },
          { startTime: '14:00', endTime: '20:00' },
        ],
        recipients: [{ phone: '+33612345601' }, { phone: '+33612345621' }, { phone: '+33612345622' }],
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.doNotCallSkipped).toEqual([{ index: 0, phone: '+33612345601', reason: 'On the do-not-call list (manual): Asked not to be called' }]);
    expect(await stats('POST /v1/campaigns')).toBe(1);
    await stack.control('POST', '/_sim/clock', { advanceMinutes: 2 * 24 * 60 });
    const calls = (await stack.upstream('GET', `/v1/calls?campaignName=${encodeURIComponent(name)}&size=100`)).body.content as any[];
    const phones = new Set(calls.map((c) => c.phone));
    expect(phones).toEqual(new Set(['+33612345621', '+33612345622']));
    await operator.request('POST', `/bff/campaigns/${res.body.id}/status`, { body: { status: 'CANCELLED' } });
  });

  it('screens what the browser did not: a replay returns the same answer, and removing a number lets it be called', async () => {
    const k = key();
    const send = () =>
      operator.request('POST', '/bff/bulk/calls', {
        headers: { 'idempotency-key': k },
        body: { agentId, recipients: [{ phone: '+33612345631' }, { phone: '+33612345601' }] },
      });
    const first = await send();
    const replay = await send();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const check = await operator.request('POST', '/bff/do-not-call/check', { body: { phones: ['+33612345631', '+33 6 12 34 56 01', 'nonsense'] } });
    expect(check.body.skipped).toEqual([{ index: 1, phone: '+33 6 12 34 56 01', reason: 'On the do-not-call list (manual): Asked not to be called' }]);
    const removed = await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent('+33612345601')}`);
    expect(removed.status).toBe(204);
    expect((await operator.request('DELETE', `/bff/do-not-call/${encodeURIComponent('+33612345601')}`)).status).toBe(404);
    const now = await operator.request('POST', '/bff/calls', {
      headers: { 'idempotency-key': key() },
      body: { agentId, recipient: { phone: '+33612345601' } },
    });
    expect(now.status, now.text).toBe(201);
  });

  it('imports rows (set-based, one statement per batch), reporting bad rows by line, and exports a CSV a spreadsheet will not evaluate', async () => {
    const readBefore = stack.app.ctx.imports.completed;
    const res = await operator.request('POST', '/bff/do-not-call/import', {
      body: {
        rows: [
          { line: 2, phone: '+33612345641', reason: 'Complaint' },
          { line: 3, phone: '0612345642', reason: 'National form' },
          { line: 4, phone: "'+33612345643", reason: 'From an earlier export' },
          { line: 5, phone: '+33612345644', reason: '' },
          { line: 6, phone: '+33612345641', reason: 'Again' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      added: 2,
      already: 1,
      problems: [
        { line: 3, phone: '0612345642', reason: '"0612345642" is not a possible phone number in international form.' },
        { line: 5, phone: '+33612345644', reason: 'Say why this number must not be called.' },
      ],
      campaigns: [],
    });
    // The rows were read in the import thread, not on the web process's event loop (issue 28).
    expect(stack.app.ctx.imports.completed).toBe(readBefore + 1);
    const csv = await operator.request('GET', '/bff/do-not-call/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('phone,reason,source,rule,callId,addedBy,addedAt');
    expect(lines.some((l) => l.startsWith("'+33612345643,From an earlier export,import,,,operator,"))).toBe(true);
    const viewer = await stack.login('viewer');
    expect((await viewer.request('GET', '/bff/do-not-call/export.csv')).status).toBe(403);
  });

  it('answers a body the import thread cannot read as before: not JSON, a prototype key, not an import (with the field), the wrong type', async () => {
    const send = (raw: string, type = 'application/json') => operator.request('POST', '/bff/do-not-call/import', { raw, headers: { 'content-type': type } });
    const notJson = await send('{"rows": [');
    expect([notJson.status, notJson.body.message]).toEqual([400, 'The body is not valid JSON.']);
    const proto = await send('{"rows": [{"line": 2, "phone": "+33612345651", "reason": "x"}], "__proto__": {"role": "admin"}}');
    expect([proto.status, proto.body.message]).toEqual([400, 'The body is not valid JSON.']);
    const notRows = await send(JSON.stringify({ rows: 'not rows' }));
    expect(notRows.status).toBe(400);
    expect(notRows.body.message).toBe('Some fields are not valid.');
    expect(notRows.body.errors.map((e: { field: string }) => e.field)).toEqual(['rows']);
    const nul = await send(JSON.stringify({ rows: [{ line: 2, phone: '+33612345651', reason: 'a\u0000b' }] }));
    expect(nul.status).toBe(400);
    expect(nul.body.errors.map((e: { field: string }) => e.field)).toEqual(['rows[0].reason']);
    const text = await send('phone,reason', 'text/csv');
    expect([text.status, text.body.message]).toEqual([415, 'Send the body as application/json.']);
    const listed = await operator.request('GET', '/bff/do-not-call?q=%2B33612345651');
    expect(listed.body.totalElements).toBe(0);
  });

  it('audits every change', async () => {
    const admin = await stack.login('admin');
    const page = await admin.request('GET', '/bff/audit?size=100');
    const actions = (page.body.content as any[]).map((e) => `${e.action} ${e.outcome}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'doNotCall.add ok: +33612345601 (manual)',
        'doNotCall.remove ok: +33612345601',
        'doNotCall.import ok: 2 added, 1 already listed, 2 refused',
        'createCall refused: do-not-call',
      ]),
    );
  });

  it('refuses a person’s imports past the quota of the minute, parallel ones too, before reading the body; another person still imports', async () => {
    const admin = await stack.login('admin');
    const rowsOf = (i: number) => [{ line: 2, phone: `+3361234${String(7000 + i)}`, reason: 'Quota check' }];
    const sent = await Promise.all(
      Array.from({ length: DNC_IMPORTS_PER_USER_PER_MINUTE + 2 }, (_, i) => admin.request('POST', '/bff/do-not-call/import', { body: { rows: rowsOf(i) } })),
    );
    const statuses = sent.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(DNC_IMPORTS_PER_USER_PER_MINUTE).fill(200), 429, 429]);
    for (const refused of sent.filter((r) => r.status === 429)) {
      expect(refused.body.message).toMatch(/^You have sent 6 imports in the last minute, the most one person may\. Try again in \d+ s; your rows are kept\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // Only the imports let through added their number.
    const listed = await admin.request('GET', '/bff/do-not-call?q=Quota%20check&size=100');
    expect(listed.body.totalElements).toBe(DNC_IMPORTS_PER_USER_PER_MINUTE);
    // Refused before the body is read: a body that would be a 400 gets the 429, and the connection is closed.
    const unread = await admin.request('POST', '/bff/do-not-call/import', { body: { rows: 'not rows' } });
    expect(unread.status).toBe(429);
    expect(unread.headers.get('connection')).toBe('close');
    const other = await operator.request('POST', '/bff/do-not-call/import', { body: { rows: rowsOf(99) } });
    expect(other.status, other.text).toBe(200);
  });
});
