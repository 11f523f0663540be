/**
 * Exactly-once writes at the BFF: an Idempotency-Key per create. The first request with a key
 * goes upstream; the same key and body again replays the stored answer; another body is a 422;
 * a request still in flight is a 409; an outcome the BFF could not learn (timeout after sending)
 * is kept as "unknown" and reported, never retried blindly. Shared by every BFF process.
 */
import type { Queryable } from '../../common/db';

export type Begin =
  | { kind: 'new' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'in-flight' }
  | { kind: 'mismatch' }
  | { kind: 'unknown' };

export async function begin(db: Queryable, userId: number, key: string, route: string, bodyHash: string): Promise<Begin> {
  const inserted = await db.query(
    `INSERT INTO idempotency (user_id, key, route, body_hash, state) VALUES ($1, $2, $3, $4, 'in-flight')
     ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
    [userId, key, route, bodyHash],
  );
  if (inserted.rowCount > 0) return { kind: 'new' };
  const { rows } = await db.query<{ route: string; body_hash: string; state: string; status: number; headers: Record<string, string>; body: string }>(
    'SELECT route, body_hash, state, status, headers, body FROM idempotency WHERE user_id = $1 AND key = $2',
    [userId, key],
  );
  const row = rows[0];
  if (!row) return begin(db, userId, key, route, bodyHash); // released meanwhile
  if (row.route !== route || row.body_hash !== bodyHash) return { kind: 'mismatch' };
  if (row.state === 'in-flight') return { kind: 'in-flight' };
  if (row.state === 'unknown') return { kind: 'unknown' };
  return { kind: 'replay', status: row.status, headers: row.headers ?? {}, body: row.body ?? '' };
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

/** The upstream said it did not apply the request (429, 5xx) or it was never sent: the key may be used again. */
export async function release(db: Queryable, userId: number, key: string): Promise<void> {
  await db.query('DELETE FROM idempotency WHERE user_id = $1 AND key = $2', [userId, key]);
}

export async function markUnknown(db: Queryable, userId: number, key: string): Promise<void> {
  await db.query(`UPDATE idempotency SET state = 'unknown' WHERE user_id = $1 AND key = $2`, [userId, key]);
}
