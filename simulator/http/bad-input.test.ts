/**
 * Bad input, route by route (issue 3 "Bad input"): missing, extra and wrong-typed fields, the
 * boundaries of every limit, non-UUID and unknown ids, malformed JSON, oversized bodies and wrong
 * content types. Each refusal must be the documented 4xx with an ErrorResponse (the test client
 * checks the shape) whose ValidationErrors name the field, and nothing may be created or changed:
 * the store is counted before and after every refused request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../contract/limits';
import { Tally, writeResult } from '../../resilience/report';
import { DEFAULT_SIM_API_KEY, startSimulator, type RunningSimulator } from '../app';
import { client, type Res } from '../testing/client';

const CONTROL = 'control-token-for-bad-input';
let sim: RunningSimulator;
let api: ReturnType<typeof client>;
let agentId: string;
let inboundId: string;
let campaignId: string;
let callId: string;
const tally = new Tally();
const UNKNOWN = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const NON_UUIDS = [
  '123',
  'not-a-uuid',
  '5f0c1a2b3c4d4e5f8a9b0c1d2e3f4a5b',
  '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "1'%20OR%20'1'='1",
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
];

const phones = (n: number, base: number) => Array.from({ length: n }, (_, i) => ({ phone: `+1415777${String(base + i).padStart(4, '0')}` }));
const inAWeek = () => new Date(sim.state.clock.nowMs() + 7 * 86_400_000).toISOString().slice(0, 10);
const campaign = (change: Record<string, unknown> = {}) => ({
  name: 'Bad input',
  agentId,
  startDate: inAWeek(),
  timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
  batchSize: 10,
  days: ['MONDAY', 'WEDNESDAY'],
  recipients: phones(2, 0),
  timezone: 'Europe/Paris',
  ...change,
});

/** Everything a refused request could have touched. */
async function snapshot() {
  const one = async (sql: string) => (await sim.state.db.query<{ v: string }>(sql)).rows[0]?.v;
  return {
    calls: await one('SELECT count(*)::text AS v FROM calls'),
    campaigns: await one('SELECT count(*)::text AS v FROM campaigns'),
    recipients: await one('SELECT count(*)::text AS v FROM campaign_recipients'),
    campaignStates: await one(`SELECT string_agg(id || status, ',' ORDER BY id) AS v FROM campaigns`),
    agents: await one(`SELECT md5(string_agg(id || name || active || recordable || archived, ',' ORDER BY id)) AS v FROM agents`),
    tokens: String(sim.state.stats.tokensIssued),
  };
}

/** Sends one bad request, expects `status` with the fields named, and proves nothing changed. */
async function refused(kind: string, send: () => Promise<Res>, status: number, fields: string[] = [], fieldErrors = status === 400): Promise<Res> {
  const before = await snapshot();
  const res = await send();
  tally.add(kind);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(res.body.message.length).toBeGreaterThan(5);
  const named = res.body.errors.map((e: { field: string }) => e.field);
  for (const field of fields) expect(named, `${kind}: ${JSON.stringify(res.body.errors)}`).toContain(field);
  for (const e of res.body.errors) {
    // A ValidationError a person can act on: which field, what was sent, why.
    expect(e.field).not.toBe('');
    expect(e.message.length).toBeGreaterThan(5);
    expect(e).toHaveProperty('rejectedValue');
  }
  // A body that cannot be read at all has no field to name: the message says what is wrong.
  if (fieldErrors) expect(res.body.errors.length).toBeGreaterThan(0);
  expect(await snapshot()).toEqual(before);
  return res;
}

/** Raw requests for bodies the JSON client would not send. */
const raw = (method: string, path: string, body: string | Buffer, contentType = 'application/json') =>
  api[method === 'PATCH' ? 'patch' : 'post'](path, body as string, { 'content-type': contentType });

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seedCalls: 60, controlToken: CONTROL, rateLimit: 0, maxConcurrency: 5000 });
  api = client(sim.url);
  const agents = (await api.get('/v1/agents?size=100')).body.content;
  agentId = agents.find((a: any) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
  inboundId = agents.find((a: any) => a.type === 'INBOUND').id;
  campaignId = (await api.post('/v1/campaigns', campaign({ name: 'Target' }))).body.id;
  callId = (await api.get('/v1/calls?size=1')).body.content[0].id;
});

afterAll(async () => {
  writeResult({
    suite: 'simulator-bad-input',
    promises: [
      'Every simulator route refuses missing, extra and wrong-typed fields, out-of-range values, bad ids, malformed or oversized bodies and wrong content types with the documented 4xx ErrorResponse naming each field.',
      'A refused request creates and changes nothing (calls, campaigns, recipients, agents, campaign statuses and tokens counted before and after).',
    ],
    figures: { badInputsTried: tally.total, ...Object.fromEntries(Object.entries(tally.byKind).map(([k, v]) => [`tried.${k}`, v])) },
  });
  await sim.close();
});

describe('every body route: malformed, empty, oversized, wrong content type, prototype keys', () => {
  const routes = () =>
    [
      ['POST', '/v1/auth/token'],
      ['PATCH', `/v1/agents/${agentId}`],
      ['POST', '/v1/calls'],
      ['POST', '/v1/campaigns'],
      ['POST', `/v1/campaigns/${campaignId}/status`],
      ['POST', '/v1/bulk/calls'],
    ] as const;

  it('malformed JSON is a 400 that says so', async () => {
    for (const [method, path] of routes()) {
      for (const body of ['{"agentId": ', '{agentId: 1}', "{'a': 1}", '{"a":1}}', '\u0000', '{"a": NaN}', '[1,]']) {
        const res = await refused('malformed-json', () => raw(method, path, body), 400, [], false);
        expect(res.body.message).toMatch(/JSON/);
      }
    }
  });

  it('an empty body, null, an array, a string or a number is a 400', async () => {
    for (const [method, path] of routes()) {
      await refused('empty-body', () => raw(method, path, ''), 400, [], false);
      for (const body of ['null', '[]', '"text"', '42', 'true']) await refused('non-object-body', () => raw(method, path, body), 400);
    }
  });

  it('a 10 MB body is a 413 and nothing is read', async () => {
    const huge = JSON.stringify({ agentId, recipients: [{ phone: '+14155550100', context: { blob: 'x'.repeat(10 * 1024 * 1024) } }] });
    for (const [method, path] of routes()) {
      const res = await refused('oversized-body', () => raw(method, path, huge), 413);
      expect(res.body.message).toMatch(/MB/);
    }
  });

  it('a wrong content type is a 415', async () => {
    for (const [method, path] of routes()) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
        const res = await refused('wrong-content-type', () => raw(method, path, '{"scope":["calls:read"]}', type), 415);
        expect(res.body.message).toMatch(/application\/json/);
      }
    }
  });

  it('a __proto__ or constructor.prototype key is refused, never merged', async () => {
    for (const [method, path] of routes()) {
      await refused('prototype-key', () => raw(method, path, '{"__proto__": {"admin": true}, "status": "PAUSED"}'), 400, [], false);
      await refused('prototype-key', () => raw(method, path, '{"constructor": {"prototype": {"admin": true}}}'), 400, [], false);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});

describe('POST /v1/auth/token', () => {
  it.each([
    [{}, 'scope'],
    [{ scope: [] }, 'scope'],
    [{ scope: 'calls:read' }, 'scope'],
    [{ scope: null }, 'scope'],
    [{ scope: [1] }, 'scope[0]'],
    [{ scope: ['calls:read', 'calls:delete'] }, 'scope[1]'],
    [{ scope: ['CALLS:READ'] }, 'scope[0]'],
    [{ scope: ['calls:read'], ttl: 99999 }, 'ttl'],
  ])('%j is a 400 on %s and issues no token', async (body, field) => {
    await refused('token-body', () => api.post('/v1/auth/token', body), 400, [field]);
  });

  it('bad credentials are a 401 and a bearer is a 403, no token issued', async () => {
    const bearer = (await api.post('/v1/auth/token', { scope: ['calls:read'] })).body.token as string;
    const [head, payload] = bearer.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), scope: 'calls:write' })).toString('base64url')}.${bearer.split('.')[2]}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const cases: [Record<string, string>, number][] = [
      [{}, 401],
      [{ 'X-Api-Key': '' }, 401],
      [{ 'X-Api-Key': 'sim-key-primary-0000000000000002' }, 401],
      [{ 'X-Api-Key': DEFAULT_SIM_API_KEY.toUpperCase() }, 401],
      [{ 'X-Api-Key': DEFAULT_SIM_API_KEY.slice(0, -1) }, 401],
      [{ Authorization: `Bearer ${bearer}` }, 403],
    ];
    for (const [headers, status] of cases)
      await refused('token-auth', () => client(sim.url, headers).post('/v1/auth/token', { scope: ['calls:read'] }), status);
    for (const token of ['', 'garbage', forged, none, `${bearer}x`]) {
      await refused(
        'bearer-forged',
        () => client(sim.url, { Authorization: `Bearer ${token}` }).post('/v1/calls', { agentId, recipient: { phone: '+14155550100' } }),
        401,
      );
    }
  });
});

describe('agents', () => {
  it.each([
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['size=-1', 'size'],
    ['size=1.5', 'size'],
    ['size=abc', 'size'],
    ['size=', 'size'],
    ['page=0', 'page'],
    ['page=-3', 'page'],
    ['page=2.5', 'page'],
    ['page=x', 'page'],
    ['page=1&page=2', 'page'],
    ['sort=name', 'sort'],
    ['sort=name,asc', 'sort'],
    ['sort=name,ASC,extra', 'sort'],
    ['sort=id;DROP TABLE agents,ASC', 'sort'],
    ['sort=', 'sort'],
    ['type=inbound', 'type'],
    ['type=', 'type'],
    ['secret=1', 'secret'],
    ['agentId=' + UNKNOWN, 'agentId'],
  ])('GET /v1/agents?%s is a 400 on %s', async (query, field) => {
    await refused('agent-list-query', () => api.get(`/v1/agents?${query}`), 400, [field]);
  });

  it('GET and PATCH with a non-UUID id are a 400 on id, an unknown id a 404', async () => {
    for (const id of NON_UUIDS) {
      await refused('non-uuid-id', () => api.get(`/v1/agents/${id}`), 400, ['id']);
      await refused('non-uuid-id', () => api.patch(`/v1/agents/${id}`, { name: 'x' }), 400, ['id']);
    }
    await refused('unknown-id', () => api.get(`/v1/agents/${UNKNOWN}`), 404);
    await refused('unknown-id', () => api.patch(`/v1/agents/${UNKNOWN}`, { name: 'Renamed' }), 404);
  });

  it.each([
    [{}, '(body)'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(LIMITS.agentName.max + 1) }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: null }, 'name'],
    [{ active: 'true' }, 'active'],
    [{ active: 1 }, 'active'],
    [{ recordable: null }, 'recordable'],
    [{ archived: 'no' }, 'archived'],
    [{ type: 'OUTBOUND' }, 'type'],
    [{ id: UNKNOWN }, 'id'],
    [{ name: 'Fine', configuration: {} }, 'configuration'],
    [{ active: true, recordable: 'yes' }, 'recordable'],
  ])('PATCH %j is a 400 on %s and changes nothing', async (body, field) => {
    await refused('agent-patch-body', () => api.patch(`/v1/agents/${agentId}`, body), 400, [field]);
  });

  it('accepts a name of exactly the maximum length', async () => {
    const before = (await api.get(`/v1/agents/${agentId}`)).body.name;
    const res = await api.patch(`/v1/agents/${agentId}`, { name: 'x'.repeat(LIMITS.agentName.max) });
    expect(res.status).toBe(200);
    await api.patch(`/v1/agents/${agentId}`, { name: before });
  });
});

describe('calls', () => {
  it.each([
    ['size=101', 'size'],
    ['size=0', 'size'],
    ['page=0', 'page'],
    ['sort=startTime', 'sort'],
    ['sort=context,ASC', 'sort'],
    ['agentId=abc', 'agentId'],
    ['agentId=', 'agentId'],
    ['phone=0612345678', 'phone'],
    ['phone=%2B1', 'phone'],
    ['phone=', 'phone'],
    ['campaignName=', 'campaignName'],
    ['from=2026-01-01', 'to'],
    ['to=2026-01-01', 'from'],
    ['from=2026-02-01&to=2026-01-01', 'from'],
    ['from=2026-02-30&to=2026-03-01', 'from'],
    ['from=2026-01-01&to=2026-1-2', 'to'],
    ['from=01/01/2026&to=2026-01-02', 'from'],
    ['from=2026-01-01T00:00:00Z&to=2026-01-02', 'from'],
    ['status=COMPLETED', 'status'],
    ['type=INBOUND', 'type'],
  ])('GET /v1/calls?%s is a 400 on %s', async (query, field) => {
    await refused('call-list-query', () => api.get(`/v1/calls?${query}`), 400, [field]);
  });

  it('a non-UUID id is a 400 on id and an unknown id a 404, on the call, its transcript and its recording', async () => {
    for (const suffix of ['', '/transcript', '/recording']) {
      for (const id of NON_UUIDS) await refused('non-uuid-id', () => api.get(`/v1/calls/${id}${suffix}`), 400, ['id']);
      await refused('unknown-id', () => api.get(`/v1/calls/${UNKNOWN}${suffix}`), 404);
    }
    expect((await api.get(`/v1/calls/${callId}`)).status).toBe(200);
  });

  it.each([
    ['missing agentId', { recipient: { phone: '+14155550123' } }, 'agentId'],
    ['missing recipient', { agentId: 'AGENT' }, 'recipient'],
    ['missing phone', { agentId: 'AGENT', recipient: {} }, 'recipient.phone'],
    ['agentId a number', { agentId: 42, recipient: { phone: '+14155550123' } }, 'agentId'],
    ['agentId not a UUID', { agentId: 'agent-1', recipient: { phone: '+14155550123' } }, 'agentId'],
    ['agentId unknown', { agentId: UNKNOWN, recipient: { phone: '+14155550123' } }, 'agentId'],
    ['agentId INBOUND', { agentId: 'INBOUND', recipient: { phone: '+14155550123' } }, 'agentId'],
    ['recipient a string', { agentId: 'AGENT', recipient: '+14155550123' }, 'recipient'],
    ['recipients instead of recipient', { agentId: 'AGENT', recipients: [{ phone: '+14155550123' }] }, 'recipients'],
    ['phone a number', { agentId: 'AGENT', recipient: { phone: 14155550123 } }, 'recipient.phone'],
    ['phone national', { agentId: 'AGENT', recipient: { phone: '0612345678' } }, 'recipient.phone'],
    ['phone with spaces', { agentId: 'AGENT', recipient: { phone: '+33 6 12 34 56 78' } }, 'recipient.phone'],
    ['phone too long', { agentId: 'AGENT', recipient: { phone: '+1234567890123456' } }, 'recipient.phone'],
    ['context an array', { agentId: 'AGENT', recipient: { phone: '+14155550123', context: ['a'] } }, 'recipient.context'],
    ['context a string', { agentId: 'AGENT', recipient: { phone: '+14155550123', context: 'a' } }, 'recipient.context'],
    ['tags a string', { agentId: 'AGENT', recipient: { phone: '+14155550123', segmentationTags: 'vip' } }, 'recipient.segmentationTags'],
    ['tags of numbers', { agentId: 'AGENT', recipient: { phone: '+14155550123', segmentationTags: [1] } }, 'recipient.segmentationTags[0]'],
    ['extra recipient field', { agentId: 'AGENT', recipient: { phone: '+14155550123', name: 'Ada' } }, 'recipient.name'],
    ['extra top-level field', { agentId: 'AGENT', recipient: { phone: '+14155550123' }, status: 'COMPLETED' }, 'status'],
    ['campaignId not a UUID', { agentId: 'AGENT', recipient: { phone: '+14155550123' }, campaignId: 'c1' }, 'campaignId'],
    ['campaignId unknown', { agentId: 'AGENT', recipient: { phone: '+14155550123' }, campaignId: UNKNOWN }, 'campaignId'],
  ])('POST /v1/calls with %s is a 400 on %s and creates nothing', async (_label, template, field) => {
    const body = JSON.parse(JSON.stringify(template).replace('"AGENT"', `"${agentId}"`).replace('"INBOUND"', `"${inboundId}"`));
    await refused('call-create-body', () => api.post('/v1/calls', body), 400, [field]);
  });

  it('refuses one error per offending field when several are wrong', async () => {
    const res = await refused(
      'call-create-body',
      () => api.post('/v1/calls', { agentId: 'x', recipient: { phone: 'y', segmentationTags: [2] }, more: 1 }),
      400,
    );
    expect(res.body.errors.map((e: any) => e.field).sort()).toEqual(['agentId', 'more', 'recipient.phone', 'recipient.segmentationTags[0]']);
    expect(res.body.errors.find((e: any) => e.field === 'recipient.phone').rejectedValue).toBe('y');
  });

  it('a context nested 5,000 deep is a 400 on the body, not a crash (zod recurses per level)', async () => {
    // Written by hand: JSON.stringify itself overflows near this depth; JSON.parse does not.
    const body = `{"agentId":"${agentId}","recipient":{"phone":"+14155550124","context":{"deep":${'{"d":'.repeat(5000)}"end"${'}'.repeat(5000)}}}}`;
    const res = await refused('deep-nesting', () => api.post('/v1/calls', body), 400, ['(body)']);
    expect(res.body.errors[0].message).toMatch(/nested too deeply/);
  });
});

describe('bulk calls: boundaries 0, 1, 1000, 1001 recipients', () => {
  it('refuses 0 and 1,001 recipients on recipients, and creates exactly 1 and 1,000', async () => {
    await refused('bulk-boundary', () => api.post('/v1/bulk/calls', { agentId, recipients: [] }), 400, ['recipients']);
    await refused('bulk-boundary', () => api.post('/v1/bulk/calls', { agentId, recipients: phones(LIMITS.bulkRecipients.max + 1, 0) }), 400, ['recipients']);
    for (const n of [1, LIMITS.bulkRecipients.max]) {
      const before = await snapshot();
      const res = await api.post('/v1/bulk/calls', { agentId, recipients: phones(n, 2000) });
      expect(res.status).toBe(201);
      expect(res.body.calls).toHaveLength(n);
      expect(Number((await snapshot()).calls)).toBe(Number(before.calls) + n);
    }
  });

  it.each([
    [{ recipients: phones(1, 0) }, 'agentId'],
    [{ agentId: 'AGENT' }, 'recipients'],
    [{ agentId: 'AGENT', recipients: {} }, 'recipients'],
    [{ agentId: 'AGENT', recipients: ['+14155550100'] }, 'recipients[0]'],
    [{ agentId: 'AGENT', recipients: [{ phone: '+14155550100' }, { phone: 'nope' }] }, 'recipients[1].phone'],
    [{ agentId: 'AGENT', recipients: [{ phone: '+14155550100', extra: 1 }] }, 'recipients[0].extra'],
    [{ agentId: 'AGENT', recipients: phones(1, 0), campaignId: 7 }, 'campaignId'],
    [{ agentId: 'AGENT', recipients: phones(1, 0), campaignId: UNKNOWN }, 'campaignId'],
    [{ agentId: 'INBOUND', recipients: phones(1, 0) }, 'agentId'],
    [{ agentId: 'AGENT', recipients: phones(1, 0), priority: 'high' }, 'priority'],
  ])('POST /v1/bulk/calls %j is a 400 on %s with both rate-limit headers', async (template, field) => {
    const body = JSON.parse(JSON.stringify(template).replace('"AGENT"', `"${agentId}"`).replace('"INBOUND"', `"${inboundId}"`));
    const res = await refused('bulk-body', () => api.post('/v1/bulk/calls', body), 400, [field]);
    expect(res.headers.get('X-CallRateLimit-Limit')).toMatch(/^\d+$/);
    expect(res.headers.get('X-CallRateLimit-Remaining')).toMatch(/^\d+$/);
  });
});

describe('campaigns: boundaries and every field', () => {
  const slot = (startTime: string, endTime: string) => ({ startTime, endTime });

  it.each([
    ['0 recipients', { recipients: [] }, 'recipients'],
    ['1,001 recipients', { recipients: phones(LIMITS.campaignRecipients.max + 1, 0) }, 'recipients'],
    ['3 slots', { timeSlots: [slot('10:00', '10:30'), slot('11:00', '11:30'), slot('14:00', '15:00')] }, 'timeSlots'],
    ['0 slots', { timeSlots: [] }, 'timeSlots'],
    ['a slot ending 09:59', { timeSlots: [slot('09:00', '09:59')] }, 'timeSlots[0].startTime'],
    ['a slot ending at 10:00', { timeSlots: [slot('09:00', '10:00')] }, 'timeSlots[0].startTime'],
    ['a slot starting 20:00', { timeSlots: [slot('20:00', '21:00')] }, 'timeSlots[0].startTime'],
    ['a slot starting 20:01', { timeSlots: [slot('20:01', '22:00')] }, 'timeSlots[0].startTime'],
    ['13:00-14:00', { timeSlots: [slot('13:00', '14:00')] }, 'timeSlots[0].startTime'],
    ['start after end', { timeSlots: [slot('12:00', '11:00')] }, 'timeSlots[0].endTime'],
    ['start equal to end', { timeSlots: [slot('11:00', '11:00')] }, 'timeSlots[0].endTime'],
    ['overlapping slots', { timeSlots: [slot('10:00', '12:00'), slot('11:00', '15:00')] }, 'timeSlots[1].startTime'],
    ['24:00', { timeSlots: [slot('19:00', '24:00')] }, 'timeSlots[0].endTime'],
    ['H:mm', { timeSlots: [slot('9:00', '11:00')] }, 'timeSlots[0].startTime'],
    ['HH:mm:ss', { timeSlots: [slot('10:00:00', '11:00')] }, 'timeSlots[0].startTime'],
    ['a slot as a string', { timeSlots: ['10:00-11:00'] }, 'timeSlots[0]'],
    ['a slot with an extra field', { timeSlots: [{ startTime: '10:00', endTime: '11:00', days: ['MONDAY'] }] }, 'timeSlots[0].days'],
    ['batchSize 0', { batchSize: 0 }, 'batchSize'],
    ['batchSize 1,001', { batchSize: 1001 }, 'batchSize'],
    ['batchSize 1.5', { batchSize: 1.5 }, 'batchSize'],
    ['batchSize "10"', { batchSize: '10' }, 'batchSize'],
    ['batchSize 1e400', { batchSize: 'INF' }, 'batchSize'],
    ['no days', { days: [] }, 'days'],
    ['a day twice', { days: ['MONDAY', 'MONDAY'] }, 'days'],
    ['days a string', { days: 'MONDAY' }, 'days'],
    ['a lowercase day', { days: ['monday'] }, 'days[0]'],
    ['8 days', { days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY', 'MONDAY'] }, 'days'],
    ['an empty name', { name: '' }, 'name'],
    ['a blank name', { name: '  \t ' }, 'name'],
    ['a 201-character name', { name: 'n'.repeat(LIMITS.campaignName.max + 1) }, 'name'],
    ['a numeric name', { name: 7 }, 'name'],
    ['an unknown timezone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ['a numeric timezone', { timezone: 2 }, 'timezone'],
    ['an offset timezone', { timezone: '+02:00' }, 'timezone'],
    ['a past start date', { startDate: '2020-01-06' }, 'startDate'],
    ['an impossible date', { startDate: '2099-02-30' }, 'startDate'],
    ['a date-time start', { startDate: '2099-01-01T10:00:00Z' }, 'startDate'],
    ['retry max 11', { retry: { max: 11 } }, 'retry.max'],
    ['retry max -1', { retry: { max: -1 } }, 'retry.max'],
    ['retry delay 0', { retry: { delay: 0 } }, 'retry.delay'],
    ['retry delay 1,441', { retry: { delay: 1441 } }, 'retry.delay'],
    ['retry on COMPLETED', { retry: { retryOn: ['COMPLETED'] } }, 'retry.retryOn[0]'],
    ['retry on twice', { retry: { retryOn: ['NO_ANSWER', 'NO_ANSWER'] } }, 'retry.retryOn'],
    ['retry with an extra field', { retry: { max: 1, backoff: 'exp' } }, 'retry.backoff'],
    ['retry a number', { retry: 3 }, 'retry'],
    ['duplicate phones', { recipients: [{ phone: '+14155550100' }, { phone: '+14155550100' }] }, 'recipients[1].phone'],
    ['a bad phone at 3', { recipients: [...phones(3, 0), { phone: '12345' }] }, 'recipients[3].phone'],
    ['an unknown agent', { agentId: UNKNOWN }, 'agentId'],
    ['an INBOUND agent', { agentId: 'INBOUND' }, 'agentId'],
    ['a status', { status: 'PAUSED' }, 'status'],
    ['an id', { id: UNKNOWN }, 'id'],
  ])('POST /v1/campaigns with %s is a 400 on %s and creates nothing', async (_label, change, field) => {
    const body: Record<string, unknown> = campaign(change);
    if (body.agentId === 'INBOUND') body.agentId = inboundId;
    if (body.batchSize === 'INF') {
      await refused('campaign-body', () => api.post('/v1/campaigns', JSON.stringify(body).replace('"INF"', '1e400')), 400, [field]);
      return;
    }
    await refused('campaign-body', () => api.post('/v1/campaigns', body), 400, [field]);
  });

  it.each(['name', 'agentId', 'startDate', 'timeSlots', 'batchSize', 'days', 'recipients', 'timezone'])(
    'a campaign without %s is a 400 on it',
    async (field) => {
      const body: Record<string, unknown> = campaign();
      delete body[field];
      await refused('campaign-missing-field', () => api.post('/v1/campaigns', body), 400, [field]);
    },
  );

  it.each([
    ['1 recipient', { recipients: phones(1, 100) }],
    ['1,000 recipients', { recipients: phones(LIMITS.campaignRecipients.max, 100) }],
    ['2 slots', { timeSlots: [slot('10:00', '13:00'), slot('14:00', '20:00')] }],
    ['a slot 09:59-10:01', { timeSlots: [slot('09:59', '10:01')] }],
    ['a slot starting 10:00', { timeSlots: [slot('10:00', '10:01')] }],
    ['a slot ending 20:00', { timeSlots: [slot('19:59', '20:00')] }],
    ['a slot 19:00-20:01', { timeSlots: [slot('19:00', '20:01')] }],
    ['12:30-14:30 across the break', { timeSlots: [slot('12:30', '14:30')] }],
    ['batchSize 1', { batchSize: 1 }],
    ['batchSize 1,000', { batchSize: LIMITS.batchSize.max }],
    ['7 days', { days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] }],
    ['retry at its bounds', { retry: { max: 10, delay: 1440, retryOn: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE', 'FAILED', 'REJECTED'] } }],
    ['a 200-character name', { name: 'n'.repeat(LIMITS.campaignName.max) }],
  ])('accepts %s, slots returned as submitted, exactly one campaign created', async (_label, change) => {
    const before = await snapshot();
    const body = campaign(change);
    const res = await api.post('/v1/campaigns', body);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    expect(res.body.timeSlots).toEqual(body.timeSlots);
    const after = await snapshot();
    expect(Number(after.campaigns)).toBe(Number(before.campaigns) + 1);
    expect(Number(after.recipients)).toBe(Number(before.recipients) + body.recipients.length);
    await api.post(`/v1/campaigns/${res.body.id}/status`, { status: 'CANCELLED' });
  });

  it('GET and status change with a non-UUID id are a 400 on id, an unknown id a 404', async () => {
    for (const id of NON_UUIDS) {
      await refused('non-uuid-id', () => api.get(`/v1/campaigns/${id}`), 400, ['id']);
      await refused('non-uuid-id', () => api.post(`/v1/campaigns/${id}/status`, { status: 'PAUSED' }), 400, ['id']);
    }
    await refused('unknown-id', () => api.get(`/v1/campaigns/${UNKNOWN}`), 404);
    await refused('unknown-id', () => api.post(`/v1/campaigns/${UNKNOWN}/status`, { status: 'PAUSED' }), 404);
  });

  it.each([
    [{}, 'status'],
    [{ status: 'paused' }, 'status'],
    [{ status: 'DONE' }, 'status'],
    [{ status: 1 }, 'status'],
    [{ status: null }, 'status'],
    [{ status: ['PAUSED'] }, 'status'],
    [{ status: 'PAUSED', reason: 'x' }, 'reason'],
  ])('POST status %j is a 400 on %s and the campaign keeps its status', async (body, field) => {
    await refused('campaign-status-body', () => api.post(`/v1/campaigns/${campaignId}/status`, body), 400, [field]);
  });
});
