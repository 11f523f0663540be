/**
 * Upstream budgets, against the real simulator with injected faults: a slow route queues behind
 * itself and leaves other reads fast; the upstream's 429 on token minting reaches the browser as
 * 429 with its Retry-After (not a 502).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ env: { UPSTREAM_TIMEOUT_MS: '8000', TOKEN_RATE_PER_MINUTE: '1000' } });
}, 120_000);
afterAll(async () => {
  await stack?.control('DELETE', '/_sim/faults');
  await stack?.close();
});

describe('separate budgets', () => {
  it('keeps an agents read fast while 80 calls reads hang on a slow upstream route', async () => {
    const viewer = await stack.login('viewer');
    const token = await viewer.token(['agents:read', 'calls:read']);
    expect((await stack.control('POST', '/_sim/faults', { method: 'GET', path: '/v1/calls', latencyMs: 4000 })).status).toBe(201);
    try {
      const slow = Array.from({ length: 80 }, () => viewer.request('GET', '/api/v1/calls?size=5', { token }));
      await new Promise((r) => setTimeout(r, 500));
      const started = Date.now();
      const agents = await viewer.request('GET', '/api/v1/agents?size=5', { token });
      const ms = Date.now() - started;
      expect(agents.status).toBe(200);
      // One shared 64-connection pool made this wait for the slow route (seconds).
      expect(ms).toBeLessThan(1500);
      const statuses = await Promise.all(slow.map((p) => p.then((r) => r.status)));
      expect(statuses.every((s) => s === 200 || s === 504)).toBe(true);
    } finally {
      await stack.control('DELETE', '/_sim/faults');
    }
  }, 60_000);

  it('passes the upstream 429 on token minting on as 429 with its Retry-After', async () => {
    const operator = await stack.login('operator');
    expect((await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/auth/token', status429Ratio: 1, retryAfterSeconds: 7 })).status).toBe(201);
    try {
      const res = await operator.request('POST', '/auth/token', { body: { scope: ['campaigns:read'] } });
      expect(res.status, res.text).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(res.body.message).toMatch(/busy; try again in 7 s/);
    } finally {
      await stack.control('DELETE', '/_sim/faults');
    }
  }, 30_000);
});
