import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RouteQueue, Upstream } from './upstream';

const tick = () => new Promise((r) => setImmediate(r));

describe('RouteQueue: at most `limit` calls of a route at once', () => {
  it('never runs more than its limit, serves the waiting first come first served, and frees a place on failure', async () => {
    const queue = new RouteQueue(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const release: (() => void)[] = [];
    const calls = Array.from({ length: 6 }, (_, i) =>
      queue
        .run(async () => {
          running += 1;
          most = Math.max(most, running);
          started.push(i);
          await new Promise<void>((r) => (release[i] = r));
          running -= 1;
          if (i === 1) throw new Error('upstream failed');
          return i;
        })
        .catch((error: Error) => error.message),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([queue.active, queue.pending]).toEqual([2, 4]);
    // The failing call ends first: its place goes to the next in line.
    release[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    // The others, one at a time: each ending lets exactly the next one in.
    for (const k of [0, 2, 3, 4, 5]) {
      release[k]!();
      await tick();
      expect(running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(calls)).toEqual([0, 'upstream failed', 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([queue.active, queue.pending]).toEqual([0, 0]);
  });
});

describe('Upstream.request: the timeout runs from the call until the body has been read', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // /drip: the headers, then a byte of the body every 200 ms, for ever (each within the body timeout).
      if (req.url !== '/drip') return void res.end('{"a":1}');
      const drip = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  afterEach(() => vi.restoreAllMocks());

  it('aborts a body that keeps dripping past the timeout after the headers came', async () => {
    const upstream = new Upstream(url, ['key'], 500, { warn() {} });
    const started = Date.now();
    const res = await upstream.request({ method: 'GET', path: '/drip' });
    expect(res.statusCode).toBe(200);
    await expect(res.body.text()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(3000);
    await upstream.close();
  }, 10_000);

  it('stops its timer once the body has been read (none is left running per request)', async () => {
    const upstream = new Upstream(url, ['key'], 30_000, { warn() {} });
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const res = await upstream.request({ method: 'GET', path: '/ok' });
    expect(await res.body.text()).toBe('{"a":1}');
    await tick();
    const timers = set.mock.results.filter((_, k) => set.mock.calls[k]![1] === 31_000).map((r) => r.value as NodeJS.Timeout);
    expect(timers).toHaveLength(1);
    expect(clear.mock.calls.some(([t]) => t === timers[0])).toBe(true);
    await upstream.close();
  });
});
