/**
 * Capped totals over HTTP (issue 31): a calls search counts at most INDEX_COUNT_CAP matches and says
 * when it stopped there (totalExact false, the cap as a lower bound); exactTotal=true counts them all.
 * The calls are written by the index's own upsert into a real PostgreSQL server.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { upsertCalls } from '../services/call-index/store';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

describe('capped totals of the calls search', () => {
  let stack: TestStack;
  let viewer: Client;
  let store: TestStore | undefined;
  const agentId = randomUUID();

  beforeAll(async () => {
    store = await testStore('postgres', 'bffindextotals', { INDEX_COUNT_CAP: '5' });
    stack = await startTestStack({ seedCalls: 20, env: store.env });
    viewer = await stack.login('viewer');
    const start = Date.now() - 3_600_000;
    await upsertCalls(
      stack.app.ctx.db,
      Array.from({ length: 12 }, (_, i) => ({
        id: randomUUID(),
        agentId,
        phone: '+14155550100',
        type: 'OUTBOUND',
        status: i < 8 ? 'COMPLETED' : 'NO_ANSWER',
        startTime: new Date(start + i * 1000).toISOString().slice(0, 19) + 'Z',
        endTime: new Date(start + i * 1000 + 60_000).toISOString().slice(0, 19) + 'Z',
        duration: 60,
        recorded: false,
        tags: [],
        classificationData: {},
        extractedData: {},
      })),
    );
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  it('says the total is a lower bound when more calls match than it counts, and counts them all when asked', async () => {
    const capped = await viewer.request('GET', `/bff/index/calls?status=COMPLETED&agentId=${agentId}&size=2`);
    expect(capped.status, capped.text).toBe(200);
    expect(capped.body).toMatchObject({ totalElements: 5, totalPages: 3, totalExact: false });
    expect(capped.body.content).toHaveLength(2);
    const exact = await viewer.request('GET', `/bff/index/calls?status=COMPLETED&agentId=${agentId}&size=2&exactTotal=true`);
    expect(exact.body).toMatchObject({ totalElements: 8, totalPages: 4, totalExact: true });
    const few = await viewer.request('GET', `/bff/index/calls?status=NO_ANSWER&agentId=${agentId}&size=2`);
    expect(few.body).toMatchObject({ totalElements: 4, totalExact: true });
    const bad = await viewer.request('GET', `/bff/index/calls?status=COMPLETED&exactTotal=yes`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('exactTotal');
  });
});
