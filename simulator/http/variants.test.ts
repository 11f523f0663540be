/**
 * The simulator's variant mode (issue 30): each variant alone changes how the simulator answers,
 * never what the data is. One simulator, strict by default; each test asks for its variant with the
 * X-Sim-Variant header, as SIM_VARIANT would set it for every request.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Call } from '../../contract/schemas/call';
import { DEFAULT_SIM_API_KEY, startSimulator, type RunningSimulator } from '../app';
import { MIXED_VARIANTS, parseVariants, SIM_VARIANT_NAMES, type SimVariant } from './variants';

const CONTROL = 'control-token-for-tests';

/** The container by its first bytes (the BFF's own sniffing has its tests; the simulator imports nothing of the BFF). */
function sniffAudioType(bytes: Buffer): string {
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WAVE') return 'audio/wav';
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'audio/mpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'OggS' && bytes.subarray(28, 36).toString('latin1') === 'OpusHead') return 'audio/ogg';
  return 'unknown';
}
let sim: RunningSimulator;
let agentId: string;
let recordedCallId: string;

async function send(variant: SimVariant | 'strict' | string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(sim.url + path, {
    method,
    headers: {
      'X-Api-Key': DEFAULT_SIM_API_KEY,
      'X-Sim-Variant': variant,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sim.url}/_sim/${path}`, {
    method,
    headers: { authorization: `Bearer ${CONTROL}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<any>);

/** Every value anywhere in a JSON value, with its path. */
function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}.${k}`);
}
const isEmpty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seedCalls: 200, controlToken: CONTROL, rateLimit: 0 });
  const agents = (await send('strict', 'GET', '/v1/agents?size=100')).json.content as any[];
  agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived && a.recordable)?.id ?? agents.find((a) => a.recordable).id;
  recordedCallId = (await control('POST', 'calls', { durationSeconds: 3, transcriptEntries: 6, agentId })).id;
});
afterAll(() => sim.close());

describe('SIM_VARIANT', () => {
  it('parses names, mixed and strict, and refuses unknown or contradictory ones with the known names', () => {
    expect([...parseVariants('')]).toEqual([]);
    expect([...parseVariants('strict')]).toEqual([]);
    expect([...parseVariants(' omit-empty , extra-fields ')]).toEqual(['omit-empty', 'extra-fields']);
    expect([...parseVariants('mixed')]).toEqual(MIXED_VARIANTS);
    expect(() => parseVariants('omit-nulls')).toThrow(/Unknown simulator variant "omit-nulls"; known: strict, mixed, omit-empty/);
    expect(() => parseVariants('create-id-only,create-no-body')).toThrow(/exclude each other/);
    expect(() => parseVariants('transcript-entries,transcript-items')).toThrow(/one transcript wrapper/);
  });

  it('is set for every request by the option, and a request may ask for strict', async () => {
    const other = await startSimulator({ port: 0, seedCalls: 5, rateLimit: 0, variants: 'omit-empty,extra-fields' });
    try {
      const res = await fetch(`${other.url}/v1/calls?size=5`, { headers: { 'X-Api-Key': DEFAULT_SIM_API_KEY } });
      const page = (await res.json()) as any;
      expect(page.pageable).toBeDefined();
      const strict = (await (
        await fetch(`${other.url}/v1/calls?size=5`, { headers: { 'X-Api-Key': DEFAULT_SIM_API_KEY, 'X-Sim-Variant': 'strict' } })
      ).json()) as any;
      expect(strict.pageable).toBeUndefined();
      expect(strict.content.every((c: unknown) => Call.safeParse(c).success)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('each variant alone', () => {
  it('omit-empty: no null or empty field anywhere but the page list; the same calls and values otherwise', async () => {
    const live = await send('strict', 'POST', '/v1/calls', { agentId, recipient: { phone: '+14155550101' } });
    expect(live.json.endTime).toBeNull();
    const call = await send('omit-empty', 'GET', `/v1/calls/${live.json.id}`);
    expect(call.json).not.toHaveProperty('endTime');
    expect(call.json).not.toHaveProperty('duration');
    expect(call.json).not.toHaveProperty('summary');
    for (const [path, v] of walk(call.json)) expect(isEmpty(v), path).toBe(false);
    const strict = await send('strict', 'GET', '/v1/calls?size=50');
    const omitted = await send('omit-empty', 'GET', '/v1/calls?size=50');
    expect(omitted.json.content.map((c: any) => c.id)).toEqual(strict.json.content.map((c: any) => c.id));
    for (const [i, c] of omitted.json.content.entries()) {
      for (const [key, value] of Object.entries(strict.json.content[i])) if (!isEmpty(value) && value !== '') expect(c[key], key).toEqual(value);
    }
    const agents = await send('omit-empty', 'GET', '/v1/agents?size=100');
    for (const [path, v] of walk(agents.json)) if (!path.endsWith('.content')) expect(isEmpty(v), path).toBe(false);
    expect(agents.json.content.length).toBe(8);
  });

  it('extra-fields: unknown fields on every object and envelope, Spring paging on lists; data maps untouched', async () => {
    const page = await send('extra-fields', 'GET', '/v1/calls?size=5&page=2');
    expect(page.json).toMatchObject({ page: 2, size: 5, number: 1, first: false, numberOfElements: 5, empty: false, pageable: { pageNumber: 1, pageSize: 5 } });
    const strict = await send('strict', 'GET', '/v1/calls?size=5&page=2');
    for (const [i, c] of page.json.content.entries()) {
      expect(c.revision).toBe(7);
      expect(c._links).toBeDefined();
      expect(c.context).toEqual(strict.json.content[i].context);
      expect(c.extractedData).toEqual(strict.json.content[i].extractedData);
      for (const [key, value] of Object.entries(strict.json.content[i]))
        if (key !== 'context' && key !== 'extractors' && key !== 'classifiers') expect(c[key]).toEqual(value);
    }
    const agent = (await send('extra-fields', 'GET', '/v1/agents?size=1')).json.content[0];
    expect(agent.telephonyConfiguration.revision).toBe(7);
    expect(agent.configuration.revision).toBe(7);
  });

  it.each([
    ['transcript-entries', 'entries'],
    ['transcript-content', 'content'],
    ['transcript-items', 'items'],
  ])('%s: the transcript wrapped in %s, the same entries', async (variant, key) => {
    const strict = await send('strict', 'GET', `/v1/calls/${recordedCallId}/transcript`);
    const wrapped = await send(variant, 'GET', `/v1/calls/${recordedCallId}/transcript`);
    expect(Object.keys(wrapped.json)).toEqual([key]);
    expect(wrapped.json[key]).toEqual(strict.json);
  });

  it('recording-bare: base64 text, not a JSON string', async () => {
    const res = await send('recording-bare', 'GET', `/v1/calls/${recordedCallId}/recording`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text.startsWith('"')).toBe(false);
    expect(sniffAudioType(Buffer.from(res.text, 'base64'))).toBe('audio/wav');
  });

  it.each([
    ['recording-data-uri', 'audio/wav'],
    ['recording-data-uri,recording-mp3', 'audio/mpeg'],
    ['recording-data-uri,recording-ogg', 'audio/ogg'],
  ])('%s: a data: URI of %s', async (variant, type) => {
    const res = await send(variant, 'GET', `/v1/calls/${recordedCallId}/recording`);
    const match = /^data:([^;]+);base64,(.+)$/.exec(res.json);
    expect(match?.[1]).toBe(type);
    expect(sniffAudioType(Buffer.from(match![2]!, 'base64'))).toBe(type);
  });

  it.each([
    ['recording-url', 'audio/wav'],
    ['recording-url,recording-mp3', 'audio/mpeg'],
    ['recording-url,recording-ogg', 'audio/ogg'],
    ['recording-mp3', 'audio/mpeg'],
  ])('%s: %s, the URL served without credentials, a forged one refused', async (variant, type) => {
    const res = await send(variant, 'GET', `/v1/calls/${recordedCallId}/recording`);
    expect(typeof res.json).toBe('string');
    let bytes: Buffer;
    if (/^https?:/.test(res.json)) {
      expect(res.json.startsWith(sim.url)).toBe(true);
      const file = await fetch(res.json);
      expect(file.headers.get('content-type')).toBe(type);
      bytes = Buffer.from(await file.arrayBuffer());
      expect((await fetch(res.json.replace(/sig=.{4}/, 'sig=AAAA'))).status).toBe(403);
    } else {
      bytes = Buffer.from(res.json, 'base64');
    }
    expect(sniffAudioType(bytes)).toBe(type);
  });

  it('create-id-only: creates and status changes answer the id only', async () => {
    const created = await send('create-id-only', 'POST', '/v1/calls', { agentId, recipient: { phone: '+14155550102' } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.any(String) });
    expect((await send('strict', 'GET', `/v1/calls/${created.json.id}`)).json.phone).toBe('+14155550102');
    const campaign = await send('create-id-only', 'POST', '/v1/campaigns', campaignBody('Variant id only'));
    expect(campaign.json).toEqual({ id: expect.any(String) });
    const paused = await send('create-id-only', 'POST', `/v1/campaigns/${campaign.json.id}/status`, { status: 'PAUSED' });
    expect(paused).toMatchObject({ status: 200, json: { id: campaign.json.id } });
    expect((await send('strict', 'GET', `/v1/campaigns/${campaign.json.id}`)).json.status).toBe('PAUSED');
  });

  it('create-no-body and bulk-no-body: the status with no body (and the bulk rate-limit headers)', async () => {
    const created = await send('create-no-body', 'POST', '/v1/calls', { agentId, recipient: { phone: '+14155550103' } });
    expect(created).toMatchObject({ status: 201, text: '' });
    const calls = await send('strict', 'GET', '/v1/calls?phone=%2B14155550103');
    expect(calls.json.totalElements).toBe(1);
    const bulk = await send('bulk-no-body', 'POST', '/v1/bulk/calls', { agentId, recipients: [{ phone: '+14155550104' }, { phone: '+14155550105' }] });
    expect(bulk).toMatchObject({ status: 201, text: '' });
    expect(bulk.headers.get('x-callratelimit-limit')).toBe('50');
    expect(bulk.headers.get('x-callratelimit-remaining')).toMatch(/^\d+$/);
  });

  it('token-no-exp: a JWT without exp, expiresIn only, still accepted; token-type-lowercase: bearer', async () => {
    const { json } = await send('token-no-exp', 'POST', '/v1/auth/token', { scope: ['calls:read'] });
    const claims = JSON.parse(Buffer.from(json.token.split('.')[1], 'base64url').toString());
    expect(claims.exp).toBeUndefined();
    expect(json.expiresIn).toBe(900);
    expect((await fetch(`${sim.url}/v1/calls?size=1`, { headers: { authorization: `Bearer ${json.token}` } })).status).toBe(200);
    expect((await send('token-type-lowercase', 'POST', '/v1/auth/token', { scope: ['calls:read'] })).json.tokenType).toBe('bearer');
  });

  it('error-extra-fields: an ErrorResponse with Spring fields besides', async () => {
    const res = await send('error-extra-fields', 'GET', `/v1/calls/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ status: 404, message: 'Call not found.', errors: [], error: 'Not Found', path: expect.stringMatching(/^\/v1\/calls\//) });
    expect(res.json.traceId).toMatch(/^[0-9a-f]{32}$/);
  });

  it('retry-after-date: Retry-After an HTTP date at least the wait away; strict: seconds', async () => {
    await control('POST', 'faults', { path: '/v1/agents', status429Ratio: 1, retryAfterSeconds: 5, count: 2 });
    const strict = await send('strict', 'GET', '/v1/agents');
    expect(strict.headers.get('retry-after')).toBe('5');
    const dated = await send('retry-after-date', 'GET', '/v1/agents');
    expect(dated.status).toBe(429);
    const at = Date.parse(dated.headers.get('retry-after')!);
    expect(dated.headers.get('retry-after')).toMatch(/GMT$/);
    expect(at - Date.now()).toBeGreaterThanOrEqual(4000);
    expect(at - Date.now()).toBeLessThanOrEqual(8000);
  });
});

describe('docs/api-assumptions.md and the variants', () => {
  const doc = readFileSync(new URL('../../docs/api-assumptions.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('## Tolerated forms'));
  const rows = section
    .split('\n')
    .filter((l) => /^\|\s*T\d+/.test(l))
    .map((l) => l.split('|').map((c) => c.trim()));

  it('every tolerated form the doc lists names a variant that exists', () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const named = [...(row[3] ?? '').matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
      expect(named.length, `${row[1]} names a variant`).toBeGreaterThan(0);
      for (const name of named) expect(SIM_VARIANT_NAMES, `${row[1]}: ${name}`).toContain(name);
    }
  });

  it('every variant appears in the doc', () => {
    for (const name of SIM_VARIANT_NAMES) expect(section, name).toContain(`\`${name}\``);
  });
});

function campaignBody(name: string) {
  const start = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  return {
    name,
    agentId,
    startDate: start,
    timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
    batchSize: 10,
    days: ['MONDAY', 'TUESDAY'],
    recipients: [{ phone: '+14155550190' }],
    timezone: 'Europe/Paris',
  };
}
