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

describe('Upstream.request and Upstream.read: the timeout runs from the call until the body has been read', () => {
  let server: Server;
  let url: string;
  const held: (() => void)[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // /chunks: the body in three writes; /held: the headers and part of the body, the rest when /release is asked.
      if (req.url === '/chunks') {
        res.write('{"a":');
        setTimeout(() => res.write('[1,2'), 10);
        return void setTimeout(() => res.end(']}'), 20);
      }
      if (req.url === '/held') {
        res.write('{"a":');
        return void held.push(() => res.end('1}'));
      }
      if (req.url === '/release') {
        for (const end of held.splice(0)) end();
        return void res.end('{}');
      }
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

  it('read: the whole answer, joined from its chunks, with its status and headers', async () => {
    const upstream = new Upstream(url, ['key'], 30_000, { warn() {} });
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    const res = await upstream.read({ path: '/chunks' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect((await res.body).toString()).toBe('{"a":[1,2]}');
    const timers = set.mock.results.filter((_, k) => set.mock.calls[k]![1] === 31_000).map((r) => r.value as NodeJS.Timeout);
    expect(timers).toHaveLength(1);
    expect(clear.mock.calls.some(([t]) => t === timers[0])).toBe(true);
    await upstream.close();
  });

  it('read: the body fails when it keeps dripping past the timeout', async () => {
    const upstream = new Upstream(url, ['key'], 500, { warn() {} });
    const started = Date.now();
    const res = await upstream.read({ path: '/drip' });
    expect(res.statusCode).toBe(200);
    await expect(res.body).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(3000);
    await upstream.close();
  }, 10_000);

  it("read: a route's place in its queue is given up when the headers come, not when the body ends", async () => {
    const upstream = new Upstream(url, ['key'], 30_000, { warn() {} });
    const limit = upstream.queueFor('read', '/held').limit;
    // One more than the route's share: all get their headers while every body is still held.
    const answers = await Promise.all(Array.from({ length: limit + 1 }, () => upstream.read({ path: '/held' })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(limit + 1).fill(200));
    await (await fetch(`${url}/release`)).text();
    expect((await Promise.all(answers.map((a) => a.body))).map(String)).toEqual(Array(limit + 1).fill('{"a":1}'));
    await upstream.close();
  });

  it('read: a refused connection is an UpstreamError (refused)', async () => {
    const upstream = new Upstream('http://127.0.0.1:9', ['key'], 500, { warn() {} });
    await expect(upstream.read({ path: '/x' })).rejects.toMatchObject({ kind: 'refused' });
    await upstream.close();
  });
});
