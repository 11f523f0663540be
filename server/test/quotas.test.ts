/** Per-user quotas over HTTP: drafts and saved views are bounded in count and bytes, with a clear 413. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 120_000);
afterAll(() => stack?.close());

describe('per-user quotas', () => {
  it('refuses the 21st draft and drafts past 8 MB in all, and lets the user replace one', async () => {
    const viewer = await stack.login('viewer');
    for (let i = 0; i < 20; i += 1) expect((await viewer.request('PUT', `/bff/drafts/d${i}`, { body: { data: { i } } })).status).toBe(200);
    const over = await viewer.request('PUT', '/bff/drafts/d20', { body: { data: { i: 20 } } });
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(/20 drafts, the most one person may keep/);
    expect((await viewer.request('PUT', '/bff/drafts/d3', { body: { data: { replaced: true } } })).status).toBe(200);

    const operator = await stack.login('operator');
    // Each under a draft's own bound (DRAFT_LIMITS.bytes, 1 MB): the eighth fits in 8 MB, the ninth does not.
    const big = 'x'.repeat(1_000_000);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await operator.request('PUT', `/bff/drafts/big${i}`, { body: { data: { big } } })).status);
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses[8]).toBe(413);
    // Another user is not affected by these.
    expect((await viewer.request('GET', '/bff/drafts')).body).toHaveLength(20);
  }, 120_000);
});
