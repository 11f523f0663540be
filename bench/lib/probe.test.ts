import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Worker } from 'node:worker_threads';
import { startProbe, startProbeThread } from './probe';
import { percentile } from './stats';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A server that holds every answer while `held` is set, then answers them all at once. */
async function stallingServer() {
  const waiting: ServerResponse[] = [];
  const state = { held: true, received: 0 };
  const server = createServer((_req, res) => {
    state.received += 1;
    if (state.held) waiting.push(res);
    else res.end('ok');
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const release = () => {
    state.held = false;
    for (const res of waiting.splice(0)) res.end('ok');
  };
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, state, release };
}

describe('startProbe (open loop)', () => {
  it('keeps sending during a stall, so the stall shows as many slow answers rather than one', async () => {
    const server = await stallingServer();
    const probe = startProbe(server.url, 10);
    // No answer comes while the server holds them, yet the probe goes on sending: 20 requests wait
    // at once (a closed-loop probe would have sent one and waited, and its p99 would miss the stall).
    await expect.poll(() => server.state.received, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(20);
    const heldFor = probe.sent();
    server.release();
    await expect.poll(() => probe.sent(), { timeout: 10_000, interval: 5 }).toBeGreaterThan(heldFor + 5);
    const result = await probe.stop();
    expect(result.statuses.every((s) => s === 200)).toBe(true);
    expect(result.latencies).toHaveLength(probe.sent());
  });

  it('counts a request that got no answer as a failure, not a latency', async () => {
    const probe = startProbe('http://127.0.0.1:1/', 10);
    await expect.poll(() => probe.sent(), { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(3);
    const result = await probe.stop();
    expect(result.latencies).toEqual([]);
    expect(result.failures).toBe(probe.sent());
  });
});

describe('startProbeThread', () => {
  it("times the server, not the bench's own busy event loop", async () => {
    // The server on a thread of its own, answering at once; the test's main loop then works in 250 ms
    // blocks, as the bench does building and sending its loads. A probe on the main loop would see
    // the request sent just before each block answered only after it (p99 >= ~200 ms).
    const server = new Worker(
      `const { createServer } = require('node:http');
       const { parentPort } = require('node:worker_threads');
       const s = createServer((_req, res) => res.end('ok'));
       s.listen(0, '127.0.0.1', () => parentPort.postMessage(s.address().port));`,
      { eval: true },
    );
    try {
      const port = await new Promise<number>((resolve) => server.once('message', resolve));
      const probe = await startProbeThread(`http://127.0.0.1:${port}/`, 10);
      const until = Date.now() + 2500;
      while (Date.now() < until) {
        const block = Date.now();
        while (Date.now() - block < 250);
        await new Promise((r) => setTimeout(r, 20));
      }
      const result = await probe.stop();
      expect(result.failures).toBe(0);
      expect(result.latencies.length).toBeGreaterThan(150);
      expect(percentile(result.latencies, 99)).toBeLessThan(150);
    } finally {
      await server.terminate();
    }
  });
});
