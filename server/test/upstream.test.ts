/**
 * The BFF against the real simulator: one upstream token call for many concurrent requests,
 * exactly-once creates, the key pair taking over, recordings with Range, upstream faults, and what
 * the BFF keeps (registry, drafts, saved views).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';

const TIMEOUT_MS = 1500;
let stack: TestStack;
let outboundAgent: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), TOKEN_RATE_PER_MINUTE: '1000' } });
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  outboundAgent = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const stats = async () => (await stack.control('GET', '/_sim/stats')).body as { tokensIssued: number; byRoute: Record<string, { count: number }> };
const resetStats = () => stack.control('POST', '/_sim/stats/reset');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const campaign = (name: string) => ({
  name,
  agentId: outboundAgent,
  startDate: inDays(3),
  timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
  batchSize: 5,
  days: ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
  recipients: [{ phone: '+33612345678' }, { phone: '+33612345679' }],
  timezone: 'Europe/Paris',
});

describe('scoped tokens', () => {
  it('makes one upstream token call for 100 concurrent requests for one scope set', async () => {
    const operator = await stack.login('operator');
    await resetStats();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => operator.request('POST', '/auth/token', { body: { scope: ['calls:read', 'agents:read'] } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(new Set(results.map((r) => r.body.token)).size).toBe(1);
    expect((await stats()).tokensIssued).toBe(1);
    expect(results[0]!.body.tokenType).toBe('Bearer');
    expect(results[0]!.body.expiresIn).toBeGreaterThan(60);
    // The same set in another order is the same set; another set is another token.
    const same = await operator.request('POST', '/auth/token', { body: { scope: ['agents:read', 'calls:read'] } });
    expect(same.body.token).toBe(results[0]!.body.token);
    const other = await operator.request('POST', '/auth/token', { body: { scope: ['calls:read'] } });
    expect(other.body.token).not.toBe(results[0]!.body.token);
    expect((await stats()).tokensIssued).toBe(2);
    const payload = JSON.parse(Buffer.from(other.body.token.split('.')[1], 'base64url').toString());
    expect(payload.scope).toBe('calls:read');
  });
});

describe('exactly-once creates', () => {
  it('ten parallel submits with one Idempotency-Key create one campaign upstream', async () => {
    const operator = await stack.login('operator');
    const body = campaign('Exactly once');
    await resetStats();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-0001' } })),
    );
    expect((await stats()).byRoute['POST /v1/campaigns']?.count).toBe(1);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = results.find((r) => r.status === 201)!.body;

    const replay = await operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-0001' } });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const other = await operator.request('POST', '/bff/campaigns', {
      body: campaign('Another body'),
      headers: { 'idempotency-key': 'campaign-key-0001' },
    });
    expect(other.status).toBe(422);
    const missing = await operator.request('POST', '/bff/campaigns', { body });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].field).toBe('Idempotency-Key');
    expect((await stats()).byRoute['POST /v1/campaigns']?.count).toBe(1);

    // The registry knows who created it, newest first.
    const registry = await operator.request('GET', '/bff/campaigns?page=1&size=5');
    expect(registry.body.content[0]).toMatchObject({ id: created.id, name: 'Exactly once', agentId: outboundAgent, createdBy: 'operator' });
    // And the audit log has the write with its key.
    const audit = await (await stack.login('admin')).request('GET', '/bff/audit?action=createCampaign');
    expect(audit.body.content.some((e: any) => e.idempotencyKey === 'campaign-key-0001' && e.outcome === 'ok' && e.user === 'operator')).toBe(true);
  });

  it('passes upstream validation errors through with their fields, and validates before sending', async () => {
    const operator = await stack.login('operator');
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    const inbound = agents.find((a) => a.type === 'INBOUND').id;
    const upstream = await operator.request('POST', '/bff/calls', {
      body: { agentId: inbound, recipient: { phone: '+33612345678' } },
      headers: { 'idempotency-key': 'call-key-inbound-1' },
    });
    expect(upstream.status).toBe(400);
    expect(upstream.body.errors.map((e: any) => e.field)).toContain('agentId');
    const local = await operator.request('POST', '/bff/calls', {
      body: { agentId: outboundAgent, recipient: { phone: '0612' } },
      headers: { 'idempotency-key': 'call-key-badphone' },
    });
    expect(local.status).toBe(400);
    expect(local.body.errors[0].field).toBe('recipient.phone');
    expect(local.body.requestId).toBeTypeOf('string');
  });
});

describe('recordings', () => {
  it('answer exactly the decoded bytes, whole and by Range, from one upstream fetch', async () => {
    const calls = (await stack.upstream('GET', '/v1/calls?size=100')).body.content as any[];
    let callId = '';
    let audio = Buffer.alloc(0);
    for (const call of calls) {
      const res = await stack.upstream('GET', `/v1/calls/${call.id}/recording`);
      if (res.status === 200) {
        callId = call.id;
        audio = Buffer.from(res.body as string, 'base64');
        break;
      }
    }
    expect(callId, 'a seeded call with a recording').not.toBe('');
    const viewer = await stack.login('viewer');
    await resetStats();
    const get = async (range?: string, extra: Record<string, string> = {}) => {
      const res = await fetch(`${stack.url}/bff/recordings/${callId}`, { headers: { cookie: viewer.cookie!, ...(range ? { range } : {}), ...extra } });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const whole = await get();
    expect(whole.res.status).toBe(200);
    expect(whole.res.headers.get('content-type')).toBe('audio/wav');
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(audio)).toBe(true);
    const n = audio.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, n - 1],
      ['bytes=-50', n - 50, n - 1],
      [`bytes=${n - 10}-${n + 1000}`, n - 10, n - 1],
    ] as const) {
      const part = await get(range);
      expect(part.res.status, range).toBe(206);
      expect(part.res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${n}`);
      expect(part.bytes.equals(audio.subarray(start, end + 1)), range).toBe(true);
    }
    expect((await get(`bytes=${n}-`)).res.status).toBe(416);
    const etag = whole.res.headers.get('etag')!;
    expect((await get(undefined, { 'if-none-match': etag })).res.status).toBe(304);
    expect((await stats()).byRoute['GET /v1/calls/:id/recording']?.count).toBe(1);
    // Cookie auth only, and ids are checked first.
    expect((await fetch(`${stack.url}/bff/recordings/${callId}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/bff/recordings/nope`, { headers: { cookie: viewer.cookie! } })).status).toBe(400);
  });
});

describe('upstream faults', () => {
  const inject = (spec: Record<string, unknown>) => stack.control('POST', '/_sim/faults', { path: '/v1/agents', count: 1, ...spec });

  for (const [label, spec, status] of [
    ['a hang', { hang: true }, 504],
    ['a reset connection', { resetRatio: 1 }, 502],
    ['a 5xx', { status5xxRatio: 1 }, 502],
    ['malformed JSON', { malformedRatio: 1 }, 502],
  ] as const) {
    it(`answers ${status} within the timeout on ${label}, and keeps serving`, async () => {
      const viewer = await stack.login('viewer');
      const token = await viewer.token(['agents:read']);
      await inject(spec);
      const failed = await viewer.request('GET', '/api/v1/agents', { token });
      expect(failed.status).toBe(status);
      expect(failed.ms).toBeLessThan(TIMEOUT_MS + 1500);
      expect(failed.body.requestId).toBeTypeOf('string');
      expect(failed.body.message).toMatch(/Voice API/);
      const after = await viewer.request('GET', '/api/v1/agents', { token });
      expect(after.status).toBe(200);
      await stack.control('DELETE', '/_sim/faults');
    });
  }

  it('says on /readyz whether the upstream is slow (no answer within the probe) or up', async () => {
    await inject({ hang: true, method: 'GET' });
    const slow = await fetch(`${stack.url}/readyz`);
    expect(slow.status).toBe(503);
    expect(await slow.json()).toMatchObject({ status: 'unavailable', database: true, upstream: false, upstreamState: 'slow' });
    await stack.control('DELETE', '/_sim/faults');
    // The probe's answer is kept for 5 s, so probing cannot be used to hammer the upstream.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const up = await fetch(`${stack.url}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: 'ok', database: true, upstream: true, upstreamState: 'up', worker: 'running' });
  });

  it('keeps a create whose answer never came as unknown, and does not retry it blindly', async () => {
    const operator = await stack.login('operator');
    await stack.control('POST', '/_sim/faults', { path: '/v1/campaigns', method: 'POST', hang: true, count: 1 });
    const body = campaign('Maybe created');
    const first = await operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-hang' } });
    expect(first.status).toBe(504);
    expect(first.body.message).toMatch(/may or may not/);
    expect(first.headers.get('x-switchboard-outcome')).toBe('unknown');
    const again = await operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-hang' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/may or may not/);
    expect(again.headers.get('x-switchboard-outcome')).toBe('unknown');
    await stack.control('DELETE', '/_sim/faults');
  });

  it('says a create the upstream answered 503 was not applied, and lets the same key try again', async () => {
    const operator = await stack.login('operator');
    // The simulator's 5xx fault answers 503 ("not now"): nothing was applied.
    await stack.control('POST', '/_sim/faults', { path: '/v1/campaigns', method: 'POST', status5xxRatio: 1, count: 1 });
    const body = campaign('Refused with 503');
    const first = await operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-503' } });
    expect(first.status).toBe(502);
    expect(first.headers.get('x-switchboard-outcome')).toBe('not-applied');
    expect(first.body.message).not.toMatch(/may or may not/);
    const again = await operator.request('POST', '/bff/campaigns', { body, headers: { 'idempotency-key': 'campaign-key-503' } });
    expect(again.status).toBe(201);
    await stack.control('DELETE', '/_sim/faults');
  });
});

describe('the key pair', () => {
  it('keeps working when the upstream disables the primary key', async () => {
    const viewer = await stack.login('viewer');
    expect((await stack.control('POST', '/_sim/keys/disable', { key: stack.keys[0] })).status).toBe(204);
    const token = await viewer.token(['campaigns:read', 'agents:read']);
    expect((await viewer.request('GET', '/api/v1/agents?size=1', { token })).status).toBe(200);
    const again = await viewer.token(['campaigns:read']);
    expect((await viewer.request('GET', '/api/v1/agents?size=1', { token: again })).status).toBe(403);
    expect(stack.logs.filter((l) => l.includes('switched to the other key')).length).toBe(1);
    await stack.control('POST', '/_sim/keys/enable', { key: stack.keys[0] });
  });
});

describe('drafts and saved views', () => {
  it('keeps drafts per user until discarded', async () => {
    const operator = await stack.login('operator');
    const other = await stack.login('admin');
    const data = { step: 'recipients', rows: [{ phone: '+33612345678', firstName: 'Ada' }] };
    const put = await operator.request('PUT', '/bff/drafts/new-campaign', { body: { data } });
    expect(put.status).toBe(200);
    expect((await operator.request('GET', '/bff/drafts/new-campaign')).body).toMatchObject({ name: 'new-campaign', data });
    expect(await other.request('GET', '/bff/drafts/new-campaign')).toMatchObject({ status: 200, body: null });
    expect((await operator.request('GET', '/bff/drafts')).body.map((d: any) => d.name)).toContain('new-campaign');
    expect((await operator.request('DELETE', '/bff/drafts/new-campaign')).status).toBe(204);
    expect(await operator.request('GET', '/bff/drafts/new-campaign')).toMatchObject({ status: 200, body: null });
    expect((await operator.request('PUT', '/bff/drafts/Bad Name', { body: { data } })).status).toBe(400);
  });

  it('expires drafts after 7 days', async () => {
    const operator = await stack.login('operator');
    await operator.request('PUT', '/bff/drafts/old-draft', { body: { data: { a: 1 } } });
    await stack.app.ctx.db.query("UPDATE drafts SET updated_at = now() - interval '8 days' WHERE name = 'old-draft'");
    expect(await operator.request('GET', '/bff/drafts/old-draft')).toMatchObject({ status: 200, body: null });
  });

  it('keeps saved views per user', async () => {
    const viewer = await stack.login('viewer');
    const search = { status: 'COMPLETED', sort: 'startTime,DESC' };
    const put = await viewer.request('PUT', `/bff/views/${encodeURIComponent('Completed today')}`, { body: { search } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Completed today', search });
    expect(put.body.updatedAt).toMatch(/Z$/);
    expect((await viewer.request('GET', '/bff/views')).body.map((v: any) => v.name)).toEqual(['Completed today']);
    expect((await viewer.request('GET', `/bff/views/${encodeURIComponent('Completed today')}`)).body.search).toEqual(search);
    expect((await (await stack.login('operator')).request('GET', '/bff/views')).body).toEqual([]);
    expect((await viewer.request('DELETE', `/bff/views/${encodeURIComponent('Completed today')}`)).status).toBe(204);
    expect((await viewer.request('GET', '/bff/views')).body).toEqual([]);
  });
});

describe('the API key', () => {
  it('appears in no response, header or log line of this suite', () => {
    expectNoKey(stack.keys, stack.seen, 'a response');
    expectNoKey(stack.keys, stack.logs, 'a log line');
  });
});
