/**
 * The session store's in-memory caches are LRUs: when full, the least recently used entry goes,
 * not the whole cache (which sent every live session and token back to the database at once).
 * The database here only counts the queries that reach it.
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../common/db';
import { SessionStore } from './sessions';

const FULL = 20_000;

function countingDb(row: (params: readonly unknown[]) => Record<string, unknown>) {
  const seen: unknown[][] = [];
  const db: Queryable = {
    async query<T>(_sql: string, params: readonly unknown[] = []) {
      seen.push([...params]);
      return { rows: [row(params)] as T[], rowCount: 1 };
    },
    async exec() {},
  };
  return { db, seen };
}

describe('SessionStore caches', () => {
  it('keep a token checked often while many others pass through', async () => {
    const future = new Date(Date.now() + 3_600_000);
    const { db, seen } = countingDb(() => ({ session_hash: 'session-a', expires_at: future }));
    const store = new SessionStore(db, { idleMs: 60_000, absoluteMs: 3_600_000, cacheMs: 60_000 });
    const a = { idHash: 'session-a' };
    expect(await store.tokenBelongsTo('token-a', a)).toBe(true);
    for (let i = 0; i < FULL; i += 1) {
      await store.tokenBelongsTo(`other-${i}`, a);
      if (i % 1000 === 0) await store.tokenBelongsTo('token-a', a);
    }
    const before = seen.length;
    expect(await store.tokenBelongsTo('token-a', a)).toBe(true);
    expect(seen.length).toBe(before); // from memory: it was used recently
    expect(seen.length).toBe(FULL + 1); // one read per distinct token, none again
  });

  it('keep a session read often while many others sign in', async () => {
    const { db, seen } = countingDb(() => ({ user_id: 1, username: 'ana', role: 'viewer', expired: false, touch: false }));
    const store = new SessionStore(db, { idleMs: 60_000, absoluteMs: 3_600_000, cacheMs: 60_000 });
    await store.read('cookie-a');
    for (let i = 0; i < FULL; i += 1) {
      await store.read(`cookie-${i}`);
      if (i % 1000 === 0) await store.read('cookie-a');
    }
    const before = seen.length;
    expect(await store.read('cookie-a')).toMatchObject({ username: 'ana' });
    expect(seen.length).toBe(before);
  });
});
