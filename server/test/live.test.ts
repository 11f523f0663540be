/**
 * The live board's stream over real HTTP against PostgreSQL and the simulator (docs/live.md): a
 * client of one BFF instance sees, as server-sent events, a call placed through a second instance
 * (its NOTIFY crosses processes' connections) as `start`, and its `end` once the simulator's clock
 * ends it and the index syncs; each within the 2 s budget of the BFF learning of it. Also: the
 * stream is not compressed, needs a session, and is bounded per user.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { LIVE_LIMITS } from '../../contract/bff/live';
import { announcePlaced } from '../services/live/store';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

interface SseEvent {
  event: string;
  data: any;
  at: number;
}

/** An EventSource-like reader over undici's fetch: events as they arrive, with their arrival time. */
async function openStream(url: string, cookie: string | undefined, accept = 'text/event-stream') {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept, 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let event = 'message';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data) events.push({ event, data: JSON.parse(data), at: Date.now() });
          }
        }
      } catch {
        // Aborted.
      }
    })();
  }
  const next = (what: string, match: (e: SseEvent) => boolean, timeoutMs = 30_000) => waitFor(what, async () => events.find(match), timeoutMs);
  const close = () => controller.abort();
  // Closed however the test ends, so a failed test leaves no stream counted against the user.
  onTestFinished(close);
  return { res, events, comments, next, close };
}

describe('live board stream', () => {
  let store: TestStore;
  let stack: TestStack;
  let second: TestStack;
  let viewer: Client;
  let operator: Client;
  let outboundAgent: string;

  beforeAll(async () => {
    // The index syncs every 3 s here: a start seen within 2 s of the create is the BFF's own notice, not the index's.
    store = await testStore('postgres', 'bfflive', { ...FAST_INDEX, INDEX_INTERVAL_SECONDS: '3', INDEX_BACKFILL_DAYS: '2', TOKEN_RATE_PER_MINUTE: '1000' });
    stack = await startTestStack({ seedCalls: 20, env: store.env });
    // A second instance on the same database and simulator: its writes reach the first one's streams through NOTIFY only.
    second = await startTestStack({ env: { ...store.env, INDEX_SYNC: 'false' }, sim: stack.sim }, stack.keys);
    viewer = await stack.login('viewer');
    operator = await second.login('operator');
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    outboundAgent = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    await waitFor('the backfill', async () => (await viewer.request('GET', '/bff/index/status')).body.backfill?.complete);
  }, 180_000);
  afterAll(async () => {
    await second?.close();
    await stack?.close();
    await store?.drop();
  });

  it('opens with a snapshot, uncompressed and unbuffered, then shows a call placed on another instance start and end within 2 s', async () => {
    const stream = await openStream(`${stack.url}/bff/live/calls`, viewer.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    expect(stream.res.headers.get('cache-control')).toContain('no-transform');
    const snapshot = await stream.next('the snapshot', (e) => e.event === 'snapshot', 5_000);
    expect(stream.events[0]).toBe(snapshot);
    expect(Array.isArray(snapshot.data.calls)).toBe(true);

    const sentAt = Date.now();
    const placed = await operator.request('POST', '/bff/calls', {
      body: { agentId: outboundAgent, recipient: { phone: '+14155550177' } },
      headers: { 'idempotency-key': `live-${Math.random().toString(36).slice(2, 10)}` },
    });
    const answeredAt = Date.now();
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.status).toBe('IN_PROGRESS');
    const id = placed.body.id as string;
    const start = await stream.next('the start event', (e) => e.event === 'start' && e.data.call.id === id, 5_000);
    expect(start.data.call).toMatchObject({ id, agentId: outboundAgent, phone: '+14155550177', startTime: placed.body.startTime });
    const startMs = start.at - answeredAt;
    expect(startMs).toBeLessThan(2_000);
    const { rows: indexed } = await stack.app.ctx.db.query('SELECT 1 FROM index_calls WHERE id = $1', [id]);
    expect(indexed, 'the start came before the index had the call').toHaveLength(0);

    // A new stream's snapshot holds it (the hub's memory, before the index has it).
    const later = await openStream(`${stack.url}/bff/live/calls`, viewer.cookie);
    const snap2 = await later.next('the second snapshot', (e) => e.event === 'snapshot', 5_000);
    expect(snap2.data.calls.map((c: any) => c.id)).toContain(id);
    later.close();

    await stack.control('POST', '/_sim/clock', { advanceMinutes: 30 });
    const end = await stream.next('the end event', (e) => e.event === 'end' && e.data.id === id, 30_000);
    const upstream = (await stack.upstream('GET', `/v1/calls/${id}`)).body;
    expect(end.data).toEqual({ id, status: upstream.status });
    // When the index wrote the call's end (the BFF learning of it) to when the client had it.
    const { rows } = await stack.app.ctx.db.query<{ synced_at: Date }>('SELECT synced_at FROM index_calls WHERE id = $1', [id]);
    const endMs = end.at - rows[0]!.synced_at.getTime();
    expect(endMs).toBeLessThan(2_000);
    console.info(
      `live board latency: start ${start.at - sentAt} ms after the create was sent (${startMs} ms after its answer), end ${endMs} ms after the index wrote it`,
    );
    // Only one start and one end for the call, though both the BFF and the index announced it.
    expect(stream.events.filter((e) => e.event === 'end' && e.data.id === id)).toHaveLength(1);
    stream.close();
  }, 90_000);

  it("carries a notice sent on the other instance's connection, and drops an end for a call it never saw start", async () => {
    const stream = await openStream(`${stack.url}/bff/live/calls`, viewer.cookie);
    await stream.next('the snapshot', (e) => e.event === 'snapshot', 5_000);
    const id = randomUUID();
    const call = { id, agentId: outboundAgent, phone: '+14155550178', status: 'IN_PROGRESS', startTime: '2026-01-01T10:00:00Z' };
    const sentAt = Date.now();
    expect(await announcePlaced(second.app.ctx.db, { calls: [call, { ...call, id: randomUUID(), status: 'COMPLETED' }] })).toBe(1);
    const start = await stream.next('the start event', (e) => e.event === 'start' && e.data.call.id === id, 5_000);
    expect(start.data.call).toEqual({ id, agentId: outboundAgent, phone: '+14155550178', startTime: '2026-01-01T10:00:00Z', campaignName: null });
    expect(start.at - sentAt).toBeLessThan(2_000);
    const stranger = randomUUID();
    await second.app.ctx.db.query(`SELECT pg_notify('live_calls', $1)`, [JSON.stringify({ kind: 'end', id: stranger, status: 'COMPLETED' })]);
    await second.app.ctx.db.query(`SELECT pg_notify('live_calls', $1)`, [JSON.stringify({ kind: 'end', id, status: 'COMPLETED' })]);
    await stream.next('the end event', (e) => e.event === 'end' && e.data.id === id, 5_000);
    expect(stream.events.filter((e) => e.event === 'end').map((e) => e.data.id)).toEqual([id]);
    stream.close();
  });

  it('needs a session, and answers only a client that asks for an event stream', async () => {
    const anonymous = await openStream(`${stack.url}/bff/live/calls`, undefined);
    expect(anonymous.res.status).toBe(401);
    const plain = await openStream(`${stack.url}/bff/live/calls`, viewer.cookie, 'application/json');
    expect(plain.res.status).toBe(406);
  });

  it(`refuses a user's stream past ${LIVE_LIMITS.streamsPerUser} on one instance with 429, and frees the slot on close`, async () => {
    const me = await stack.login('viewer');
    const open = [];
    for (let i = 0; i < LIVE_LIMITS.streamsPerUser; i += 1) {
      const s = await openStream(`${stack.url}/bff/live/calls`, me.cookie);
      expect(s.res.status).toBe(200);
      open.push(s);
    }
    const refused = await openStream(`${stack.url}/bff/live/calls`, me.cookie);
    expect(refused.res.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe('10');
    open.pop()!.close();
    const again = await waitFor(
      'a free slot',
      async () => {
        const s = await openStream(`${stack.url}/bff/live/calls`, me.cookie);
        return s.res.status === 200 ? s : (s.close(), undefined);
      },
      5_000,
    );
    again.close();
    for (const s of open) s.close();
  });
});
