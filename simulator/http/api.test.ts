import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY, startSimulator, type RunningSimulator } from '../app';
import { client } from '../testing/client';

const CONTROL = 'control-token-for-tests';
let sim: RunningSimulator;
let api: ReturnType<typeof client>;
let control: ReturnType<typeof client>;
let agents: any[];
const outbound = () => agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived);
const phones = (n: number, base = 0) => Array.from({ length: n }, (_, i) => ({ phone: `+1415555${String(base + i).padStart(4, '0')}` }));

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seedCalls: 300, controlToken: CONTROL, rateLimit: 0 });
  api = client(sim.url);
  control = client(sim.url, { Authorization: `Bearer ${CONTROL}` });
  agents = (await api.get('/v1/agents?size=100')).body.content;
});
afterAll(() => sim.close());

describe('authentication', () => {
  it('refuses a missing or unknown API key with 401', async () => {
    expect((await client(sim.url, {}).get('/v1/agents')).status).toBe(401);
    expect((await client(sim.url, { 'X-Api-Key': 'nope-nope-nope-nope' }).get('/v1/agents')).status).toBe(401);
  });

  it('accepts either key of the pair, and a disabled key applies nothing', async () => {
    const second = client(sim.url, { 'X-Api-Key': DEFAULT_SIM_API_KEY_SECONDARY });
    expect((await second.get('/v1/agents')).status).toBe(200);
    await control.post('/_sim/keys/disable', { key: DEFAULT_SIM_API_KEY_SECONDARY });
    const agent = agents[0];
    const refused = await second.patch(`/v1/agents/${agent.id}`, { name: 'Should not apply' });
    expect(refused.status).toBe(401);
    expect((await api.get(`/v1/agents/${agent.id}`)).body.name).toBe(agent.name);
    await control.post('/_sim/keys/enable', { key: DEFAULT_SIM_API_KEY_SECONDARY });
    expect((await second.get('/v1/agents')).status).toBe(200);
  });

  it('refuses a disabled customer with 401, keys and tokens alike', async () => {
    const { body: other } = await control.post('/_sim/customers', { name: 'Other' });
    const theirs = client(sim.url, { 'X-Api-Key': other.keys[0] });
    const { body: token } = await theirs.post('/v1/auth/token', { scope: ['agents:read'] });
    await control.post(`/_sim/customers/${other.id}/disable`);
    expect((await theirs.get('/v1/agents')).status).toBe(401);
    expect((await client(sim.url, { Authorization: `Bearer ${token.token}` }).get('/v1/agents')).status).toBe(401);
    // A customer sees only its own agents.
    await control.post(`/_sim/customers/${other.id}/enable`);
    expect((await theirs.get('/v1/agents')).body.totalElements).toBe(0);
  });

  it('issues scoped JWTs with exp, iat, scope and sub, expiresIn in seconds', async () => {
    const { status, body } = await api.post('/v1/auth/token', { scope: ['calls:read', 'agents:read'] });
    expect(status).toBe(200);
    expect(body.expiresIn).toBe(LIMITS.tokenExpiresInSeconds.default);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims.scope).toBe('calls:read agents:read');
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof claims.sub).toBe('string');
    const bearer = client(sim.url, { Authorization: `Bearer ${body.token}` });
    expect((await bearer.get('/v1/calls?size=1')).status).toBe(200);
    expect((await bearer.get(`/v1/campaigns/${crypto.randomUUID()}`)).status).toBe(403);
    expect((await bearer.patch(`/v1/agents/${agents[0].id}`, { active: false })).status).toBe(403);
    expect((await bearer.post('/v1/auth/token', { scope: ['calls:read'] })).status).toBe(403);
  });

  it.each([[{}], [{ scope: [] }], [{ scope: ['calls:delete'] }], [{ scope: 'calls:read' }]])('token request %j is a 400 on scope', async (body) => {
    const res = await api.post('/v1/auth/token', body);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toMatch(/^scope/);
  });
});

describe('agents', () => {
  it('lists by name ascending by default, filters by type, sorts and pages', async () => {
    const names = agents.map((a) => a.name);
    expect((await api.get('/v1/agents?size=100&sort=name,ASC')).body.content.map((a: any) => a.name)).toEqual(names);
    expect((await api.get('/v1/agents?size=100&sort=name,DESC')).body.content.map((a: any) => a.name)).toEqual([...names].reverse());
    const inbound = (await api.get('/v1/agents?type=INBOUND')).body;
    expect(inbound.content.every((a: any) => a.type === 'INBOUND')).toBe(true);
    const desc = (await api.get('/v1/agents?sort=name,DESC&size=3&page=2')).body;
    expect(desc).toMatchObject({ size: 3, page: 2, totalElements: 8, totalPages: 3 });
    expect(desc.content).toHaveLength(3);
  });

  it('sends every agent with sipConnection as an object holding a string DID (never null)', () => {
    expect(agents).toHaveLength(8);
    for (const agent of agents) expect(agent.telephonyConfiguration.sipConnection).toEqual({ did: expect.stringMatching(/^sip:\S+@\S+$/) });
  });

  it.each([
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['page=0', 'page'],
    ['sort=name,UP', 'sort'],
    ['sort=secret,ASC', 'sort'],
    ['type=BOTH', 'type'],
    ['colour=blue', 'colour'],
  ])('GET /v1/agents?%s is a 400 on %s', async (query, field) => {
    const res = await api.get(`/v1/agents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field)).toEqual([field]);
  });

  it('reads one agent, 400 for a non-UUID, 404 for an unknown one', async () => {
    expect((await api.get(`/v1/agents/${agents[0].id}`)).body.id).toBe(agents[0].id);
    expect((await api.get('/v1/agents/123')).body.errors[0].field).toBe('id');
    expect((await api.get(`/v1/agents/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('patches partially and refuses empty, unknown and wrongly typed bodies', async () => {
    const agent = agents.find((a) => a.type === 'INBOUND');
    const res = await api.patch(`/v1/agents/${agent.id}`, { recordable: !agent.recordable });
    expect(res.body).toMatchObject({ name: agent.name, recordable: !agent.recordable });
    for (const body of [{}, { type: 'OUTBOUND' }, { active: 'yes' }, { name: '' }]) {
      expect((await api.patch(`/v1/agents/${agent.id}`, body)).status, JSON.stringify(body)).toBe(400);
    }
    await api.patch(`/v1/agents/${agent.id}`, { recordable: agent.recordable });
  });
});

describe('calls', () => {
  it('covers every status in the seed and sorts by startTime DESC by default', async () => {
    const { body } = await api.get('/v1/calls?size=100');
    expect(body.totalElements).toBeGreaterThanOrEqual(300);
    const times = body.content.map((c: any) => c.startTime);
    expect(times).toEqual([...times].sort().reverse());
    const statuses = new Set<string>();
    for (let page = 1; page <= body.totalPages; page += 1)
      (await api.get(`/v1/calls?size=100&page=${page}`)).body.content.forEach((c: any) => statuses.add(c.status));
    expect(statuses.size).toBe(12);
  });

  it('filters by agent, phone, campaign name and date range, exactly', async () => {
    const all: any[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await api.get(`/v1/calls?size=100&page=${page}`);
      all.push(...body.content);
      if (page >= body.totalPages) break;
    }
    const sample = all.find((c) => c.status === 'COMPLETED');
    const byAgent = (await api.get(`/v1/calls?agentId=${sample.agentId}&size=100`)).body;
    expect(byAgent.totalElements).toBe(all.filter((c) => c.agentId === sample.agentId).length);
    const byPhone = (await api.get(`/v1/calls?phone=${encodeURIComponent(sample.phone)}`)).body;
    expect(byPhone.content.every((c: any) => c.phone === sample.phone)).toBe(true);
    const day = sample.startTime.slice(0, 10);
    const byDay = (await api.get(`/v1/calls?from=${day}&to=${day}&size=100`)).body;
    expect(byDay.totalElements).toBe(all.filter((c) => c.startTime.startsWith(day)).length);
    const campaignName = 'Winter renewals';
    const byCampaign = (await api.get(`/v1/calls?campaignName=${encodeURIComponent(campaignName)}&size=1`)).body;
    expect(byCampaign.totalElements).toBeGreaterThan(0);
  });

  it.each([
    ['from=2026-01-01', 'to'],
    ['to=2026-01-01', 'from'],
    ['from=2026-02-01&to=2026-01-01', 'from'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['phone=0612345678', 'phone'],
    ['agentId=abc', 'agentId'],
    ['sort=duration,SIDEWAYS', 'sort'],
    ['campaign=Winter', 'campaign'],
  ])('GET /v1/calls?%s is a 400 on %s', async (query, field) => {
    const res = await api.get(`/v1/calls?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field)).toContain(field);
  });

  it('serves transcripts that match the outcome and WAV recordings as long as the call', async () => {
    const { body } = await api.get('/v1/calls?size=100');
    const voicebox = body.content.find((c: any) => c.status === 'VOICE_BOX');
    const completed = body.content.find((c: any) => c.status === 'COMPLETED' && c.recorded);
    if (voicebox) {
      const t = (await api.get(`/v1/calls/${voicebox.id}/transcript`)).body;
      expect(t.map((e: any) => e.action)).toContain('ANSWERING_MACHINE_BEEP');
    }
    const transcript = (await api.get(`/v1/calls/${completed.id}/transcript`)).body;
    expect(transcript[0].action).toBe('RING');
    expect(transcript.some((e: any) => e.action === 'AGENT_SPEAK')).toBe(true);
    expect(transcript.some((e: any) => e.action === 'HUMAN_SPEAK')).toBe(true);
    expect(transcript.map((e: any) => e.time)).toEqual([...transcript.map((e: any) => e.time)].sort());
    const rec = await api.get(`/v1/calls/${completed.id}/recording`);
    const wav = Buffer.from(rec.body, 'base64');
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(Math.round(wav.readUInt32LE(40) / 16000)).toBe(completed.duration);
    const unrecorded = body.content.find((c: any) => !c.recorded);
    expect((await api.get(`/v1/calls/${unrecorded.id}/recording`)).status).toBe(404);
  });

  it('creates an IN_PROGRESS outbound call that ends with the clock', async () => {
    const agent = outbound();
    const created = await api.post('/v1/calls', {
      agentId: agent.id,
      recipient: { phone: '+14155550199', context: { firstName: 'Ada' }, segmentationTags: ['vip'] },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'IN_PROGRESS', endTime: null, duration: null, tags: ['vip'] });
    expect(created.body.context).toMatchObject({
      firstName: 'Ada',
      system: { phone: '+14155550199', callId: created.body.id, agentId: agent.id, direction: 'OUTBOUND' },
    });
    await control.post('/_sim/clock', { advanceMinutes: 10 });
    const after = (await api.get(`/v1/calls/${created.body.id}`)).body;
    expect(after.status).not.toBe('IN_PROGRESS');
    expect(after.endTime).not.toBeNull();
    expect(after.duration).toBeGreaterThan(0);
    expect(after.tags).toContain('vip');
  });

  it.each([
    [{ recipient: { phone: '+14155550100' } }, 'agentId'],
    [{ agentId: 'AGENT', recipient: {} }, 'recipient.phone'],
    [{ agentId: 'AGENT', recipient: { phone: '555-0100' } }, 'recipient.phone'],
    [{ agentId: 'INBOUND', recipient: { phone: '+14155550100' } }, 'agentId'],
    [{ agentId: 'ARCHIVED', recipient: { phone: '+14155550100' } }, 'agentId'],
    [{ agentId: 'AGENT', recipient: { phone: '+14155550100' }, campaignId: '00000000-0000-4000-8000-000000000000' }, 'campaignId'],
    [{ agentId: 'AGENT', recipient: { phone: '+14155550100' }, extra: true }, 'extra'],
  ])('POST /v1/calls %j is a 400 on %s and creates nothing', async (template, field) => {
    const ids: Record<string, string> = {
      AGENT: outbound().id,
      INBOUND: agents.find((a) => a.type === 'INBOUND').id,
      ARCHIVED: agents.find((a) => a.archived && a.type === 'OUTBOUND').id,
    };
    const body = JSON.parse(JSON.stringify(template).replace(/"(AGENT|INBOUND|ARCHIVED)"/g, (_, k) => `"${ids[k]}"`));
    const before = (await api.get('/v1/calls?size=1')).body.totalElements;
    const res = await api.post('/v1/calls', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    expect((await api.get('/v1/calls?size=1')).body.totalElements).toBe(before);
  });
});

describe('bulk', () => {
  it('creates up to the free slots with both rate-limit headers on every response', async () => {
    const agent = outbound();
    const ok = await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: phones(3, 100) });
    expect(ok.status).toBe(201);
    expect(ok.body.calls.map((c: any) => c.phone)).toEqual(phones(3, 100).map((p) => p.phone));
    for (const res of [ok, await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: [] }), await client(sim.url, {}).post('/v1/bulk/calls', {})]) {
      expect(res.headers.get('X-CallRateLimit-Limit')).toMatch(/^\d+$/);
      expect(res.headers.get('X-CallRateLimit-Remaining')).toMatch(/^\d+$/);
    }
  });

  it('refuses 0 and 1,001 recipients, accepts 1', async () => {
    const agent = outbound();
    expect((await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: [] })).body.errors[0].field).toBe('recipients');
    expect((await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: phones(1001) })).body.errors[0].field).toBe('recipients');
    expect((await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: phones(1, 500) })).status).toBe(201);
  });

  it('answers 429 and creates nothing when recipients outnumber the free slots', async () => {
    const agent = outbound();
    await control.post('/_sim/clock', { advanceMinutes: 30 });
    await control.post('/_sim/limits', { maxConcurrency: 2 });
    const before = (await api.get('/v1/calls?size=1')).body.totalElements;
    const res = await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: phones(3, 600) });
    expect(res.status).toBe(429);
    expect(res.headers.get('X-CallRateLimit-Limit')).toBe('2');
    expect(res.body.message).toMatch(/2 concurrent call slots are free; the request has 3/);
    expect((await api.get('/v1/calls?size=1')).body.totalElements).toBe(before);
    // A single call over the limit is created, refused for concurrency.
    await api.post('/v1/bulk/calls', { agentId: agent.id, recipients: phones(2, 700) });
    const single = await api.post('/v1/calls', { agentId: agent.id, recipient: { phone: '+14155550777' } });
    expect(single.body.status).toBe('REJECTED_MAX_CONCURRENCY');
    await control.post('/_sim/limits', { maxConcurrency: 50, dailyQuota: 0 });
    const quota = await api.post('/v1/calls', { agentId: agent.id, recipient: { phone: '+14155550778' } });
    expect(quota.body.status).toBe('REJECTED_LIMIT_REACHED');
    await control.post('/_sim/limits', { dailyQuota: 10_000 });
    await control.post('/_sim/clock', { advanceMinutes: 30 });
  });
});

describe('requests the API refuses', () => {
  it('malformed JSON, a wrong content type, a 10 MB body and an unknown route', async () => {
    const agent = outbound();
    expect((await api.post('/v1/calls', '{"agentId": ', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await api.post('/v1/calls', 'agentId=1', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    const huge = JSON.stringify({ agentId: agent.id, recipients: [{ phone: '+14155550100', context: { blob: 'x'.repeat(10 * 1024 * 1024) } }] });
    expect((await api.post('/v1/bulk/calls', huge)).status).toBe(413);
    expect((await api.get('/v1/nothing')).status).toBe(404);
  });

  it('rate limits per credential with Retry-After', async () => {
    await control.post('/_sim/limits', { rateLimit: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, () => api.get('/v1/agents?size=1')));
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(Number(limited[0]!.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // Another credential has its own bucket.
    expect((await client(sim.url, { 'X-Api-Key': DEFAULT_SIM_API_KEY_SECONDARY }).get('/v1/agents?size=1')).status).toBe(200);
    await control.post('/_sim/limits', { rateLimit: 0 });
  });

  it('injects faults on a route pattern and clears them', async () => {
    await control.post('/_sim/faults', { method: 'GET', path: '/v1/agents*', status5xxRatio: 1, count: 1 });
    expect((await api.get('/v1/agents')).status).toBe(503);
    expect((await api.get('/v1/agents')).status).toBe(200);
    await control.post('/_sim/faults', { path: '/v1/agents', resetRatio: 1, count: 1 });
    await expect(fetch(`${sim.url}/v1/agents`, { headers: { 'X-Api-Key': DEFAULT_SIM_API_KEY } })).rejects.toThrow();
    await control.post('/_sim/faults', { path: '/v1/agents', malformedRatio: 1, count: 1 });
    const text = await (await fetch(`${sim.url}/v1/agents`, { headers: { 'X-Api-Key': DEFAULT_SIM_API_KEY } })).text();
    expect(() => JSON.parse(text)).toThrow();
    await control.delete('/_sim/faults');
    const stats = (await control.get('/_sim/stats')).body;
    expect(stats.requests).toBeGreaterThan(0);
    expect(stats.faultsInjected).toBeGreaterThanOrEqual(3);
  });

  it('keeps the control API closed without its token', async () => {
    expect((await api.get('/_sim/stats')).status).toBe(401);
  });
});
