/**
 * Local hours per recipient (issue 32, part 1) over real HTTP against the simulator and PostgreSQL:
 * numbers grouped by their own time zone (NANP area codes, an ambiguous area code, an unknown
 * number), and "call each person in their own local hours" as one campaign per zone, created
 * exactly once through a crash between the parts.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneParts } from '../../contract/zone-parts';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

let stack: TestStack;
let operator: Client;
let agentId: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { TOKEN_RATE_PER_MINUTE: '1000' } });
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
  operator = await stack.login('operator');
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

// New York, Chicago, Denver and Los Angeles by area code; Alaska's 907 spans two clocks.
const US = ['+12125550101', '+13125550102', '+12125550103', '+13035550104', '+12135550105', '+13125550106', '+12135550107', '+12125550108'];
const ALASKA = '+19075550109';

describe('POST /bff/recipients/zones', { timeout: 60_000 }, () => {
  it('groups NANP numbers by area code, names an ambiguous one’s candidates, and keeps the unknown apart', async () => {
    const phones = [...US, ALASKA, '+44 20 7946 0000', 'not a number'];
    const res = await operator.request('POST', '/bff/recipients/zones', { body: { phones } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.groups).toEqual([
      { zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'], indexes: [0, 2, 7] },
      { zone: 'America/Chicago', certainty: 'sure', candidates: ['America/Chicago'], indexes: [1, 5] },
      { zone: 'America/Los_Angeles', certainty: 'sure', candidates: ['America/Los_Angeles'], indexes: [4, 6] },
      { zone: 'America/Denver', certainty: 'sure', candidates: ['America/Denver'], indexes: [3] },
      { zone: 'Europe/London', certainty: 'sure', candidates: expect.arrayContaining(['Europe/London']), indexes: [9] },
      { zone: null, certainty: 'ambiguous', candidates: ['America/Adak', 'America/Anchorage'], indexes: [8] },
      { zone: null, certainty: 'unknown', candidates: [], indexes: [10] },
    ]);
  });

  it('answers a list of 10+ zones, and refuses too many numbers or no session', async () => {
    const far = [
      '+33612345678',
      '+81312345678',
      '+61212345678',
      '+5511912345678',
      '+79161234567',
      '+6281234567890',
      '+525512345678',
      '+262262123456',
      '+4930123456',
    ];
    const res = await operator.request('POST', '/bff/recipients/zones', { body: { phones: [...US, ...far] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.groups.filter((g: any) => g.certainty === 'sure').length).toBeGreaterThanOrEqual(10);
    expect(res.body.groups.flatMap((g: any) => g.indexes).sort((a: number, b: number) => a - b)).toEqual([...US, ...far].map((_, i) => i));
    const tooMany = await operator.request('POST', '/bff/recipients/zones', { body: { phones: Array.from({ length: 10_001 }, () => '+12125550100') } });
    expect(tooMany.status).toBe(400);
    const anonymous = await fetch(`${stack.url}/bff/recipients/zones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: stack.url },
      body: JSON.stringify({ phones: US }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('one campaign per zone, exactly once', { timeout: 120_000 }, () => {
  it('creates the four US zones’ campaigns once, through a BFF crash between the parts and a resumed submission', async () => {
    const name = `Local hours ${Date.now()}`;
    const phones = [...US, ALASKA];
    const { groups } = (await operator.request('POST', '/bff/recipients/zones', { body: { phones } })).body;
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const plan = planZoneParts({
      name,
      recipients: phones.map((phone) => ({ phone })),
      groups,
      defaultZone: 'America/New_York',
      batchSize: 9,
      startDate: clock.now.slice(0, 10),
      now: new Date(clock.now),
    });
    expect(plan.parts.map((p) => [p.timezone, p.recipients.length, p.batchSize, p.unsure])).toEqual([
      ['America/New_York', 4, 4, 1],
      ['America/Chicago', 2, 2, 0],
      ['America/Los_Angeles', 2, 2, 0],
      ['America/Denver', 1, 1, 0],
    ]);
    // The wizard's submission: one Idempotency-Key per part, kept before the first request.
    const keys = plan.parts.map((_, i) => `zone-part-${i}-${Math.random().toString(36).slice(2, 10)}`);
    const body = (i: number) => {
      const p = plan.parts[i]!;
      return {
        name: p.name,
        agentId,
        timezone: p.timezone,
        startDate: p.startDate,
        batchSize: p.batchSize,
        days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        recipients: p.recipients,
      };
    };
    const send = (i: number) => operator.request('POST', '/bff/campaigns', { headers: { 'idempotency-key': keys[i]! }, body: body(i) });

    const created = async () => (await stack.control('GET', '/_sim/stats')).body.byRoute['POST /v1/campaigns']?.count ?? 0;
    const before = await created();
    expect((await send(0)).status).toBe(201);
    // The BFF dies after sending part 2 upstream (as writes.test.ts simulates it): the campaign exists
    // upstream, its key is left in flight and its registry entry pending; the browser dies too.
    const db = stack.app.ctx.db;
    const userId = (await db.query<{ id: number }>("SELECT id FROM users WHERE username = 'operator'")).rows[0]!.id;
    const made = (await stack.upstream('POST', '/v1/campaigns', body(1))).body;
    await db.query(
      `INSERT INTO idempotency (user_id, key, route, body_hash, state, created_at) VALUES ($1, $2, 'POST /bff/campaigns', $3, 'in-flight', now() - interval '1 hour')`,
      [
        userId,
        keys[1],
        createHash('sha256')
          .update(JSON.stringify(body(1)))
          .digest('hex'),
      ],
    );
    await db.query(`INSERT INTO campaign_attempts (user_id, idempotency_key, name, agent_id, created_by) VALUES ($1, $2, $3, $4, 'operator')`, [
      userId,
      keys[1],
      plan.parts[1]!.name,
      agentId,
    ]);

    // The resumed wizard sends the parts again, each under its own key.
    const first = await send(0);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBe('true');
    const unsure = await send(1);
    expect(unsure.status, unsure.text).toBe(409);
    expect(unsure.headers.get('x-switchboard-outcome')).toBe('unknown');
    // Nothing is sent again blindly: the attempt says "unknown"; the person finds it and records it.
    expect((await operator.request('GET', `/bff/writes/${keys[1]}`)).body.state).toBe('unknown');
    const resolved = await operator.request('POST', `/bff/writes/${keys[1]}/resolve`, { body: { outcome: 'applied', campaignId: made.id } });
    expect(resolved.status, resolved.text).toBe(200);
    expect((await send(1)).headers.get('idempotent-replayed')).toBe('true');
    expect((await send(2)).status).toBe(201);
    expect((await send(3)).status).toBe(201);
    expect((await send(3)).headers.get('idempotent-replayed')).toBe('true');

    // Exactly four creates reached the upstream, one per zone.
    expect((await created()) - before).toBe(4);
    const registry = (await operator.request('GET', '/bff/campaigns?size=100')).body.content as any[];
    const mine = registry.filter((c) => c.name.startsWith(`${name} · `));
    expect(mine).toHaveLength(4);
    const upstream = await Promise.all(mine.map(async (c) => (await stack.upstream('GET', `/v1/campaigns/${c.id}`)).body));
    expect(upstream.map((c) => [c.name, c.timezone, c.batchSize]).sort()).toEqual(plan.parts.map((p) => [p.name, p.timezone, p.batchSize]).sort());
  });
});
