/**
 * What one busy or hostile client must not do to everyone else, over real HTTP: a burst of 100
 * sign-ins must not stall static assets or /healthz (password hashes are queued and leave half of
 * libuv's thread pool free); sessions per user are bounded; connections that drip a request
 * slowly are cut off instead of staying open.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';

const dir = mkdtempSync(join(tmpdir(), 'bff-limits-'));
let stack: TestStack;

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Switchboard</title>');
  writeFileSync(join(dir, 'assets/app-1.js'), `console.log(${JSON.stringify('x'.repeat(20_000))});`);
  // The sign-in limit counts every attempt before the hash, so 200 at once from one address would be
  // refused by it: this suite measures the hash queue, so its limit is set out of the way.
  stack = await startTestStack({ env: { STATIC_DIR: dir, SESSIONS_PER_USER: '5', REQUEST_TIMEOUT_MS: '2000', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '1000' } });
}, 120_000);
afterAll(async () => {
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

describe('a burst of sign-ins', () => {
  it('leaves static assets and /healthz fast while 100 sign-ins hash', async () => {
    await timed(`${stack.url}/assets/app-1.js`);
    // 100 hashes of about 200 ms each (ADR 0023): as long a burst as the 200 of the earlier 110 ms
    // hashes, without nearing the timeout on a busy machine.
    const signIns = Array.from({ length: 100 }, () =>
      fetch(`${stack.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: stack.url },
        body: JSON.stringify({ username: 'viewer', password: 'switchboard-demo' }),
      }).then((r) => r.status),
    );
    let done = false;
    const all = Promise.all(signIns).finally(() => (done = true));
    const assets: number[] = [];
    const health: number[] = [];
    await new Promise((r) => setTimeout(r, 300));
    while (!done) {
      assets.push(await timed(`${stack.url}/assets/app-1.js?${assets.length}`));
      health.push(await timed(`${stack.url}/healthz`));
      await new Promise((r) => setTimeout(r, 50));
    }
    const statuses = await all;
    expect(statuses.filter((s) => s === 204).length).toBe(100);
    // The sign-ins take seconds (hashing is the point); the rest must not wait for them.
    expect(assets.length).toBeGreaterThan(3);
    // Before the queue, every static read waited behind the hashes in the thread pool: seconds each.
    const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
    expect(p90(assets), `static asset times: ${assets.map(Math.round).join(' ')}`).toBeLessThan(500);
    expect(p90(health), `healthz times: ${health.map(Math.round).join(' ')}`).toBeLessThan(500);
  }, 120_000);
});

describe('sessions per user', () => {
  it('keeps at most SESSIONS_PER_USER; signing in past it ends the oldest', async () => {
    const first = await stack.login('operator');
    const later = [];
    for (let i = 0; i < 6; i += 1) later.push(await stack.login('operator'));
    expect((await first.request('GET', '/auth/session')).status).toBe(401);
    expect((await later[0]!.request('GET', '/auth/session')).status).toBe(401);
    for (const c of later.slice(1)) expect((await c.request('GET', '/auth/session')).status).toBe(200);
    const { rows } = await stack.app.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'operator')",
    );
    expect(rows[0]!.n).toBe(5);
  }, 60_000);
});

describe('slow clients', () => {
  it('cuts off 150 connections that drip their headers, and keeps serving', async () => {
    const { port } = new URL(stack.url);
    const sockets: Socket[] = [];
    let closed = 0;
    for (let i = 0; i < 150; i += 1) {
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => undefined);
      socket.on('close', () => (closed += 1));
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      sockets.push(socket);
    }
    const drip = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write('X-Slow: 1\r\n');
    }, 300);
    try {
      const until = Date.now() + 8000;
      while (closed < 150 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
      expect(closed).toBe(150);
      expect(await timed(`${stack.url}/healthz`)).toBeLessThan(3000);
    } finally {
      clearInterval(drip);
      for (const s of sockets) s.destroy();
    }
  }, 30_000);
});
