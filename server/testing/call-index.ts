/** Helpers of the call index suites: waiting on the index, and the upstream's truth read with the API key. */
import { expect } from 'vitest';
import type { Queryable } from '../../common/db';
import type { TestStack } from './harness';

/** BFF settings that make the index sync fast enough for a test. */
export const FAST_INDEX = {
  INDEX_SYNC: 'true',
  INDEX_INTERVAL_SECONDS: '0.3',
  INDEX_RATE_PER_SECOND: '500',
  INDEX_CONCURRENCY: '4',
  INDEX_TRANSCRIPTS_PER_PASS: '2000',
  INDEX_BACKFILL_DAYS: '30',
} as const;

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false | null>, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

/** Every call id the upstream lists for from..to (UTC dates, inclusive), read with the API key. */
export async function upstreamIds(stack: Pick<TestStack, 'upstream'>, from: string, to: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await stack.upstream('GET', `/v1/calls?from=${from}&to=${to}&size=100&page=${page}&sort=startTime,ASC`);
    expect(res.status, res.text).toBe(200);
    ids.push(...(res.body.content as { id: string }[]).map((c) => c.id));
    if (page >= res.body.totalPages) return ids.sort();
  }
}

export async function indexIds(db: Queryable): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id::text AS id FROM index_calls ORDER BY 1')).rows.map((r) => r.id);
}

export const utcDay = (offsetDays = 0, now = new Date()) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
