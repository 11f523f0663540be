/**
 * The BFF against an upstream that answers in other forms than the simulator's strict ones (issue 30;
 * docs/api-assumptions.md "Tolerated forms"): the same stack, the simulator switched between its
 * variants (POST /_sim/variants). Writes answer the whole object whatever the upstream gave back,
 * recordings play in every form and container, tokens without exp work, and the call index reads
 * left-out fields, unknown fields and wrapped transcripts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Call } from '../../contract/schemas/call';
import { Campaign } from '../../contract/schemas/campaign';
import { normaliseCall } from '../../contract/tolerant.plain';
import { CallPage, IndexableCall, parseTranscript } from '../services/call-index/parse';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

let stack: TestStack;
let operator: Client;
let agentId: string;

const variants = (v: string) => stack.control('POST', '/_sim/variants', { variants: v });
const key = () => `key-${crypto.randomUUID()}`;
const phone = () => `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const inVariant = (variant: string, path: string) => fetch(stack.simUrl + path, { headers: { 'x-api-key': stack.keys[0], 'x-sim-variant': variant } });

beforeAll(async () => {
  stack = await startTestStack({ seedCalls: 120 });
  operator = await stack.login('admin');
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
  agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived && a.recordable).id;
}, 120_000);
afterEach(() => variants('strict'));
afterAll(() => stack?.close());

function campaignBody(name: string) {
  return {
    name,
    agentId,
    startDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    timeSlots: [{ startTime: '10:00', endTime: '12:00' }],
    batchSize: 10,
    days: ['MONDAY'],
    recipients: [{ phone: phone() }],
    timezone: 'Europe/Paris',
  };
}

describe('writes (T7)', () => {
  it.each(['strict', 'create-id-only', 'create-no-body'])('a call created with the %s answer: the whole Call, or no body when no id came', async (variant) => {
    await variants(`${variant},extra-fields`);
    const to = phone();
    const res = await operator.request('POST', '/bff/calls', { body: { agentId, recipient: { phone: to } }, headers: { 'idempotency-key': key() } });
    expect(res.status, res.text).toBe(201);
    if (variant === 'create-no-body') {
      expect(res.text).toBe('');
    } else {
      // Whole, with the contract's fields only (the unknown ones dropped).
      expect(Call.strict().safeParse(res.body).success, res.text.slice(0, 300)).toBe(true);
      expect(res.body.phone).toBe(to);
    }
    expect((await stack.upstream('GET', `/v1/calls?phone=${encodeURIComponent(to)}`)).body.totalElements).toBe(1);
  });

  it('a campaign created with the id only is registered under its id; with no body it is created once and not registered', async () => {
    await variants('create-id-only');
    const named = `Tolerant ${crypto.randomUUID().slice(0, 8)}`;
    const created = await operator.request('POST', '/bff/campaigns', { body: campaignBody(named), headers: { 'idempotency-key': key() } });
    expect(created.status, created.text).toBe(201);
    expect(Campaign.safeParse(created.body).success).toBe(true);
    const registry = (await operator.request('GET', '/bff/campaigns?page=1&size=100')).body.content as { id: string; name: string }[];
    expect(registry.find((c) => c.id === created.body.id)?.name).toBe(named);

    await variants('create-no-body');
    const k = key();
    const blind = await operator.request('POST', '/bff/campaigns', { body: campaignBody(`${named} b`), headers: { 'idempotency-key': k } });
    expect(blind.status, blind.text).toBe(201);
    expect(blind.text).toBe('');
    // The same key again: replayed, not a second campaign.
    const again = await operator.request('POST', '/bff/campaigns', { body: campaignBody(`${named} b`), headers: { 'idempotency-key': k } });
    expect(again.status).toBe(422); // another body: refused; the same body replays
  });

  it.each(['create-id-only', 'create-no-body'])('a status change answered %s gives the whole campaign back, read again', async (variant) => {
    const created = await operator.request('POST', '/bff/campaigns', { body: campaignBody(`Status ${variant}`), headers: { 'idempotency-key': key() } });
    await variants(variant);
    const paused = await operator.request('POST', `/bff/campaigns/${created.body.id}/status`, { body: { status: 'PAUSED' } });
    expect(paused.status, paused.text).toBe(200);
    expect(paused.body).toMatchObject({ id: created.body.id, status: 'PAUSED', name: `Status ${variant}` });
  });
});

describe('recordings (T4-T6)', () => {
  it.each([
    ['recording-bare', 'audio/wav'],
    ['recording-data-uri', 'audio/wav'],
    ['recording-data-uri,recording-mp3', 'audio/mpeg'],
    ['recording-url', 'audio/wav'],
    ['recording-url,recording-mp3', 'audio/mpeg'],
    ['recording-url,recording-ogg', 'audio/ogg'],
    ['recording-bare,recording-ogg', 'audio/ogg'],
  ])('serves the recording sent as %s, as %s', async (variant, type) => {
    const made = (await stack.control('POST', '/_sim/calls', { durationSeconds: 2, transcriptEntries: 4, agentId })).body as { id: string };
    await variants(variant);
    const res = await fetch(`${stack.url}/bff/recordings/${made.id}`, { headers: { cookie: operator.cookie! } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });
});

describe('tokens and errors (T9, T10)', () => {
  it('reads through the proxy with tokens that have no exp and a lowercase tokenType; an error with extra fields keeps its message', async () => {
    await variants('token-no-exp,token-type-lowercase,error-extra-fields,omit-empty');
    const fresh = await stack.login('viewer');
    const res = await fresh.api('GET', '/v1/agents?size=5');
    expect(res.status, res.text).toBe(200);
    const missing = await fresh.api('GET', `/v1/calls/${crypto.randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ message: 'Call not found.', error: 'Not Found' });
    const refused = await operator.request('POST', '/bff/calls', {
      body: { agentId: crypto.randomUUID(), recipient: { phone: phone() } },
      headers: { 'idempotency-key': key() },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Validation failed.');
  });
});

describe('the call index reads (T1-T3)', () => {
  it('a page with fields left out and unknown fields, each call the strict one once normalised; a wrapped transcript', async () => {
    const strict = (await (await inVariant('strict', '/v1/calls?size=50')).json()) as { content: Call[] };
    const loose = await (await inVariant('omit-empty,extra-fields', '/v1/calls?size=50')).json();
    const page = CallPage.safeParse(loose);
    expect(page.success).toBe(true);
    for (const [i, call] of page.data!.content.entries()) {
      expect(IndexableCall.safeParse(call).success).toBe(true);
      expect(normaliseCall(call)).toEqual(strict.content[i]);
    }
    const id = strict.content.find((c) => c.status === 'COMPLETED')!.id;
    const entries = await (await inVariant('strict', `/v1/calls/${id}/transcript`)).json();
    for (const wrap of ['transcript-entries', 'transcript-content', 'transcript-items']) {
      const wrapped = await (await inVariant(`${wrap},omit-empty,extra-fields`, `/v1/calls/${id}/transcript`)).json();
      expect(parseTranscript(wrapped)?.map((e) => [e.action, e.time, e.message ?? ''])).toEqual(entries.map((e: any) => [e.action, e.time, e.message]));
    }
  });
});

describe('a campaign read by the BFF itself (T1, T2)', () => {
  it('the do-not-call list and a contact page name its status when the upstream leaves fields out and adds its own', async () => {
    const to = phone();
    const created = await operator.request('POST', '/bff/campaigns', {
      body: { ...campaignBody(`Loose ${crypto.randomUUID().slice(0, 8)}`), recipients: [{ phone: to }] },
      headers: { 'idempotency-key': key() },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const status = (await stack.upstream('GET', `/v1/campaigns/${id}`)).body.status as string;
    expect(status).toBeTruthy();
    await variants('omit-empty,extra-fields');
    const loose = await (await inVariant('omit-empty,extra-fields', `/v1/campaigns/${id}`)).json();
    expect(loose).toHaveProperty('revision');

    const added = await operator.request('POST', '/bff/do-not-call', { body: { phone: to, reason: 'Asked' } });
    expect(added.status, added.text).toBe(201);
    expect(added.body.campaigns).toEqual([expect.objectContaining({ id, status })]);
    const contact = await operator.request('GET', `/bff/contacts/${encodeURIComponent(to)}`);
    expect(contact.status, contact.text).toBe(200);
    expect(contact.body.recipientOf).toEqual([expect.objectContaining({ campaignId: id, campaignStatus: status })]);
  });
});
