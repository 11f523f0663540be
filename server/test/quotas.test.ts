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
    const big = 'x'.repeat(1_900_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await operator.request('PUT', `/bff/drafts/big${i}`, { body: { data: { big } } })).status);
    expect(statuses.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(statuses[4]).toBe(413);
    // Another user is not affected by these.
    expect((await viewer.request('GET', '/bff/drafts')).body).toHaveLength(20);
  }, 120_000);
});
