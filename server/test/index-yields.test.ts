/**
 * The call index gives way to people's reads (ADR 0027): while a read through the proxy is in
 * progress, the index's sync sends nothing upstream (up to its longest wait), and it carries on
 * once the reads end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

describe('the call index yields to proxied reads', () => {
  let stack: TestStack;
  let viewer: Client;

  beforeAll(async () => {
    stack = await startTestStack({ seedCalls: 150, env: { ...FAST_INDEX, UPSTREAM_TIMEOUT_MS: '1500' } });
    viewer = await stack.login('viewer');
    await waitFor('the backfill', async () => (await viewer.request('GET', '/bff/index/status')).body.backfill?.complete);
  }, 120_000);
  afterAll(async () => {
    await stack?.control('DELETE', '/_sim/faults');
    await stack?.close();
  });

  it('marks a proxied read as in progress until its answer is ready', async () => {
    const { interactive } = stack.app.ctx.upstream;
    await stack.control('POST', '/_sim/faults', { method: 'GET', path: '/v1/agents', hang: true });
    const read = viewer.api('GET', '/v1/agents?size=5');
    await waitFor('the read in progress', async () => interactive.inProgress === 1);
    await stack.control('DELETE', '/_sim/faults');
    expect((await read).status).toBe(504);
    expect(interactive.inProgress).toBe(0);
    expect((await viewer.api('GET', '/v1/agents?size=5')).status).toBe(200);
    expect(interactive.inProgress).toBe(0);
  }, 30_000);

  it('sends nothing upstream while a read is in progress, and carries on after it', async () => {
    const index = stack.app.ctx.callIndex!;
    const { interactive } = stack.app.ctx.upstream;
    // A sync request that began waiting during the reads before (the hung read above) goes on at
    // its longest wait, which could fall in the window below: start once none is waiting.
    await waitFor('no sync request waiting', async () => interactive.waiting === 0);
    const end = interactive.begin();
    try {
      // The sync passes every 0.3 s: its next request waits for the read to end.
      await waitFor('the sync waiting', async () => interactive.waiting > 0);
      const sent = index.reader.requests;
      await new Promise((r) => setTimeout(r, 500));
      expect(index.reader.requests).toBe(sent);
    } finally {
      end();
    }
    const sent = index.reader.requests;
    await waitFor('the sync going on', async () => index.reader.requests > sent);
    expect(interactive.counts.yields).toBeGreaterThan(0);
  }, 30_000);
});
