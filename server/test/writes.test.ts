/**
 * The write path over real HTTP against the simulator: write-scoped tokens never reach the
 * browser, the BFF's write routes make every change after their own checks (role, contract
 * validation, do-not-call, idempotency, audit, registry), tokens belong to their session, and a
 * create orphaned by a crash becomes "outcome unknown" that a person can resolve.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../common/db';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';

const BLOCKED = '+33699999999';
let stack: TestStack;
let outboundAgent: string;

beforeAll(async () => {
  stack = await startTestStack({
    env: { TOKEN_RATE_PER_MINUTE: '1000', UPSTREAM_TIMEOUT_MS: '1500' },
  });
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  outboundAgent = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const stats = async () => (await stack.control('GET', '/_sim/stats')).body as { byRoute: Record<string, { count: number }> };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const campaign = (name: string, phones = ['+33612345678', '+33612345679']) => ({
  name,
  agentId: outboundAgent,
  startDate: inDays(3),
  timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
  batchSize: 5,
  days: ['MONDAY', 'WEDNESDAY', 'FRIDAY'],
  recipients: phones.map((phone) => ({ phone })),
  timezone: 'Europe/Paris',
});
const key = (label: string) => ({ 'idempotency-key': `${label}-${Math.random().toString(36).slice(2, 10)}` });

describe('write tokens never reach the browser', () => {
  it('refuses every write scope at /auth/token, even to an admin', async () => {
    const admin = await stack.login('admin');
    const res = await admin.request('POST', '/auth/token', { body: { scope: ['campaigns:write'] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/never issued to the browser/);
  });

  it('refuses writes through the proxy, naming the BFF route to use, before any upstream call', async () => {
    const operator = await stack.login('operator');
    const token = await operator.token(['campaigns:read']);
    const before = (await stats()).byRoute['POST /v1/campaigns']?.count ?? 0;
    const res = await operator.request('POST', '/api/v1/campaigns', { token, body: campaign('Through the proxy'), headers: key('proxy') });
    expect(res.status).toBe(405);
    expect(res.body.message).toContain('POST /bff/campaigns');
    expect((await stats()).byRoute['POST /v1/campaigns']?.count ?? 0).toBe(before);
  });

  it('makes the write itself: campaign created, registered, audited, replayed; no token in any answer', async () => {
    const operator = await stack.login('operator');
    const headers = key('bff-create');
    const created = await operator.request('POST', '/bff/campaigns', { body: campaign('Made by the BFF'), headers });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Made by the BFF', agentId: outboundAgent, status: 'ACTIVE' });
    expect(created.text).not.toMatch(/eyJ/); // no JWT in the answer
    const replay = await operator.request('POST', '/bff/campaigns', { body: campaign('Made by the BFF'), headers });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(created.body.id);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await operator.request('GET', '/bff/campaigns?size=5')).body.content[0]).toMatchObject({ id: created.body.id, createdBy: 'operator' });
    const audit = await (await stack.login('admin')).request('GET', `/bff/audit?action=createCampaign&size=100`);
    const mine = audit.body.content.filter((e: any) => e.idempotencyKey === headers['idempotency-key']).map((e: any) => e.outcome);
    // The attempt is recorded before it is sent, then its outcome.
    expect(mine.sort()).toEqual(['ok', 'sent']);
    // Status change and agent patch go the same way.
    const paused = await operator.request('POST', `/bff/campaigns/${created.body.id}/status`, { body: { status: 'PAUSED' } });
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('PAUSED');
    expect((await operator.request('PATCH', `/bff/agents/${outboundAgent}`, { body: { recordable: true } })).status).toBe(403);
    const admin = await stack.login('admin');
    const patched = await admin.request('PATCH', `/bff/agents/${outboundAgent}`, { body: { name: 'Patched by the BFF' } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.name).toBe('Patched by the BFF');
  });

  it('relays the bulk route with its X-CallRateLimit headers, and upstream 400 field errors', async () => {
    const operator = await stack.login('operator');
    const bulk = await operator.request('POST', '/bff/bulk/calls', {
      body: { agentId: outboundAgent, recipients: [{ phone: '+33612340001' }, { phone: '+33612340002' }] },
      headers: key('bulk'),
    });
    expect(bulk.status, bulk.text).toBe(201);
    expect(Number(bulk.headers.get('x-callratelimit-limit'))).toBeGreaterThan(0);
    expect(bulk.headers.get('x-callratelimit-remaining')).not.toBeNull();
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    const inbound = agents.find((a) => a.type === 'INBOUND').id;
    const refused = await operator.request('POST', '/bff/calls', { body: { agentId: inbound, recipient: { phone: '+33612345678' } }, headers: key('inbound') });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: any) => e.field)).toContain('agentId');
    const viewer = await stack.login('viewer');
    expect(
      (await viewer.request('POST', '/bff/calls', { body: { agentId: outboundAgent, recipient: { phone: '+33612345678' } }, headers: key('v') })).status,
    ).toBe(403);
  });

  it('asks the do-not-call list before sending, and names the blocked recipients', async () => {
    const operator = await stack.login('operator');
    // Listed in the real list, as a person would.
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: BLOCKED, reason: 'Asked' } })).status).toBe(201);
    const before = (await stats()).byRoute['POST /v1/campaigns']?.count ?? 0;
    const res = await operator.request('POST', '/bff/campaigns', { body: campaign('Has a blocked number', [BLOCKED]), headers: key('dnc') });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'recipients[0].phone', rejectedValue: BLOCKED, message: expect.stringMatching(/do-not-call/) }]);
    const one = await operator.request('POST', '/bff/calls', { body: { agentId: outboundAgent, recipient: { phone: BLOCKED } }, headers: key('dnc1') });
    expect(one.status).toBe(422);
    expect(one.body.errors[0].field).toBe('recipient.phone');
    expect((await stats()).byRoute['POST /v1/campaigns']?.count ?? 0).toBe(before);
  });
});

describe('tokens belong to the session', () => {
  it("a signed-out session's token stops working at once, even for the same user's new session", async () => {
    const first = await stack.login('viewer');
    const token = await first.token(['agents:read']);
    expect((await first.request('GET', '/api/v1/agents?size=1', { token })).status).toBe(200);
    expect((await first.request('POST', '/auth/logout')).status).toBe(204);
    const second = await stack.login('viewer');
    expect((await second.request('GET', '/api/v1/agents?size=1', { token })).status).toBe(401);
    // And the row is gone with the session.
    const { rows } = await stack.app.ctx.db.query(
      'SELECT count(*)::int AS n FROM minted_tokens m LEFT JOIN sessions s ON s.id_hash = m.session_hash WHERE s.id_hash IS NULL',
    );
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('a create whose outcome is unknown', () => {
  it('reports the attempt and its pending registry entry, and lets a person resolve it', async () => {
    const operator = await stack.login('operator');
    const headers = key('hang');
    await stack.control('POST', '/_sim/faults', { path: '/v1/campaigns', method: 'POST', hang: true, count: 1 });
    const first = await operator.request('POST', '/bff/campaigns', { body: campaign('Maybe made'), headers });
    await stack.control('DELETE', '/_sim/faults');
    expect(first.status).toBe(504);
    expect(first.headers.get('x-switchboard-outcome')).toBe('unknown');
    const attempt = await operator.request('GET', `/bff/writes/${headers['idempotency-key']}`);
    expect(attempt.status).toBe(200);
    expect(attempt.body).toMatchObject({ state: 'unknown', action: 'createCampaign', campaign: { name: 'Maybe made', campaignId: null } });
    // Someone else's key is not theirs to read.
    expect((await (await stack.login('admin')).request('GET', `/bff/writes/${headers['idempotency-key']}`)).status).toBe(404);
    // Resolved as not applied: the key is closed; a replay says so instead of creating.
    const resolved = await operator.request('POST', `/bff/writes/${headers['idempotency-key']}/resolve`, { body: { outcome: 'not-applied' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.state).toBe('not-applied');
    const again = await operator.request('POST', '/bff/campaigns', { body: campaign('Maybe made'), headers });
    expect(again.status).toBe(409);
    expect(again.headers.get('x-switchboard-outcome')).toBe('not-applied');
  });

  it('turns a create left in flight by a crashed process into "unknown" at start, and resolves it with the id found', async () => {
    const operator = await stack.login('operator');
    const db = stack.app.ctx.db;
    const { rows } = await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'operator'");
    const userId = rows[0]!.id;
    // What a crash between sending and answering leaves: an in-flight row and a pending entry.
    const made = (await stack.upstream('POST', '/v1/campaigns', campaign('Crashed mid-create'))).body;
    await db.query(
      `INSERT INTO idempotency (user_id, key, route, body_hash, state, created_at) VALUES ($1, 'crash-key-0001', 'POST /bff/campaigns', 'x', 'in-flight', now() - interval '1 hour')`,
      [userId],
    );
    await db.query(`INSERT INTO campaign_attempts (user_id, idempotency_key, name, agent_id, created_by) VALUES ($1, 'crash-key-0001', $2, $3, 'operator')`, [
      userId,
      'Crashed mid-create',
      outboundAgent,
    ]);
    // A process starting on this database turns it to unknown.
    const restarted = await buildApp(loadConfig({ VOICE_API_BASE_URL: stack.simUrl, VOICE_API_KEY: stack.keys[0], LOG_LEVEL: 'silent' }), { db: db as Db });
    await restarted.close();
    const { rows: after } = await db.query<{ state: string }>("SELECT state FROM idempotency WHERE key = 'crash-key-0001'");
    expect(after[0]!.state).toBe('unknown');
    expect((await operator.request('GET', '/bff/writes/crash-key-0001')).body.state).toBe('unknown');
    // The wrong id is refused; the right one is read back, registered, and replayed from then on.
    const wrong = await operator.request('POST', '/bff/writes/crash-key-0001/resolve', {
      body: { outcome: 'applied', campaignId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(wrong.status).toBe(400);
    const right = await operator.request('POST', '/bff/writes/crash-key-0001/resolve', { body: { outcome: 'applied', campaignId: made.id } });
    expect(right.status, right.text).toBe(200);
    expect(right.body).toMatchObject({ state: 'done', status: 201, campaign: { campaignId: made.id, current: { id: made.id, name: 'Crashed mid-create' } } });
    expect((await operator.request('GET', '/bff/campaigns?size=100')).body.content.map((c: any) => c.id)).toContain(made.id);
  });

  it('gives keys an expiry: an expired key is forgotten', async () => {
    const operator = await stack.login('operator');
    const headers = key('expiry');
    expect((await operator.request('POST', '/bff/campaigns', { body: campaign('Expires'), headers })).status).toBe(201);
    const attempt = await operator.request('GET', `/bff/writes/${headers['idempotency-key']}`);
    expect(new Date(attempt.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    await stack.app.ctx.db.query("UPDATE idempotency SET expires_at = now() - interval '1 second' WHERE key = $1", [headers['idempotency-key']]);
    expect((await operator.request('GET', `/bff/writes/${headers['idempotency-key']}`)).status).toBe(404);
  });
});

describe('the API key', () => {
  it('appears in no response or log line of this suite', () => {
    expectNoKey(stack.keys, stack.seen, 'a response');
    expectNoKey(stack.keys, stack.logs, 'a log line');
  });
});
