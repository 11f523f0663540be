/**
 * Exactly-once writes at the BFF: an Idempotency-Key per create. The first request with a key
 * goes upstream; the same key and body again replays the stored answer; another body is a 422;
 * a request still in flight is a 409; an outcome the BFF could not learn (timeout after sending,
 * a crash mid-request) is kept as "unknown" and reported, never retried blindly. Shared by every
 * BFF process.
 *
 * Keys expire after KEY_TTL_DAYS: as long as a wizard draft (which holds its key) lives, so a
 * retry from a draft never meets a forgotten key. A row left `in-flight` longer than any request
 * can take (its process died) counts as `unknown`; at start every such row is turned so.
 */
import type { Queryable } from '../../common/db';

export const KEY_TTL_DAYS = 7;

export type Begin =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'unknown' }
  | { kind: 'closed' };

export interface KeyRow {
  route: string;
  body_hash: string;
  state: 'in-flight' | 'done' | 'unknown' | 'not-applied';
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  created_at: Date;
  expires_at: Date;
}

/** `staleMs`: an in-flight row older than this belongs to a request that can no longer answer. */
export async function begin(db: Queryable, userId: number, key: string, route: string, bodyHash: string, staleMs: number): Promise<Begin> {
  // An expired key is forgotten first (the sweep below is only occasional).
  await db.query('DELETE FROM idempotency WHERE user_id = $1 AND key = $2 AND expires_at < now()', [userId, key]);
  const inserted = await db.query(
    `INSERT INTO idempotency (user_id, key, route, body_hash, state, expires_at)
     VALUES ($1, $2, $3, $4, 'in-flight', now() + make_interval(days => $5))
     ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [userId, key, route, bodyHash, KEY_TTL_DAYS],
  );
  if (inserted.rowCount > 0) {
    if (Math.random() < 0.02) await sweep(db);
    return { kind: 'new' };
  }
  await markStale(db, staleMs, userId, key);
  const row = await read(db, userId, key);
  if (!row) return begin(db, userId, key, route, bodyHash, staleMs); // released meanwhile
  if (row.route !== route || row.body_hash !== bodyHash) return { kind: 'mismatch' };
  if (row.state === 'in-flight') return { kind: 'in-flight' };
  if (row.state === 'unknown') return { kind: 'unknown' };
  if (row.state === 'not-applied') return { kind: 'closed' };
  return { kind: 'replay', status: row.status ?? 200, headers: row.headers ?? {}, body: row.body ?? '' };
}

export async function read(db: Queryable, userId: number, key: string): Promise<KeyRow | null> {
  const { rows } = await db.query<KeyRow>(
    'SELECT route, body_hash, state, status, headers, body, created_at, expires_at FROM idempotency WHERE user_id = $1 AND key = $2 AND expires_at >= now()',
    [userId, key],
  );
  return rows[0] ?? null;
}

/**
 * Rows left in flight by a process that died (or one of a user's, when given): `unknown`. Only rows
 * older than `staleMs`, so a start beside a live process never touches that process's requests.
 */
export async function markStale(db: Queryable, staleMs: number, userId?: number, key?: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE idempotency SET state = 'unknown'
     WHERE state = 'in-flight' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
       AND ($2::int IS NULL OR user_id = $2) AND ($3::text IS NULL OR key = $3)`,
    [staleMs, userId ?? null, key ?? null],
  );
  return rowCount;
}

/** Keeps a definitive answer (2xx or 4xx) for replay. */
export async function complete(db: Queryable, userId: number, key: string, status: number, headers: Record<string, string>, body: string): Promise<void> {
  await db.query(`UPDATE idempotency SET state = 'done', status = $3, headers = $4, body = $5 WHERE user_id = $1 AND key = $2`, [
    userId,
    key,
    status,
    JSON.stringify(headers),
    body,
  ]);
}

/** The upstream said it did not apply the request (429, 503) or it was never sent: the key may be used again. */
export async function release(db: Queryable, userId: number, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE user_id = $1 AND key = $2', [userId, key]);
}

export async function markUnknown(db: Queryable, userId: number, key: string): Promise<void> {
  await db.query(`UPDATE idempotency SET state = 'unknown' WHERE user_id = $1 AND key = $2`, [userId, key]);
}

/** A person found the unknown outcome was not applied: the key stays closed (a new attempt takes a new key). */
export async function markNotApplied(db: Queryable, userId: number, key: string): Promise<boolean> {
  const { rowCount } = await db.query(`UPDATE idempotency SET state = 'not-applied' WHERE user_id = $1 AND key = $2 AND state = 'unknown'`, [userId, key]);
  return rowCount > 0;
}

export async function sweep(db: Queryable): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE expires_at < now()');
  await db.query('DELETE FROM campaign_attempts a WHERE NOT EXISTS (SELECT 1 FROM idempotency i WHERE i.user_id = a.user_id AND i.key = a.idempotency_key)');
}
