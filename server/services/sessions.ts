/**
 * Server-side sessions: the cookie holds a random id; the database holds its hash, so a leaked
 * table does not leak live sessions. Idle and absolute timeouts; a disabled user has none.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../contract/bff/roles';
import type { Queryable } from '../../common/db';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export interface Session {
  idHash: string;
  userId: number;
  username: string;
  role: Role;
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export async function createSession(db: Queryable, userId: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, now(), now())', [sha256(id), userId]);
  return id;
}

/** The live session for a cookie value, optionally checking a bearer token minted for its user. */
export async function readSession(
  db: Queryable,
  id: string | undefined,
  policy: SessionPolicy,
  bearer?: string,
): Promise<(Session & { tokenOk: boolean }) | null> {
  if (!id || id.length > 200) return null;
  const { rows } = await db.query<{ id_hash: string; user_id: number; username: string; role: Role; idle: boolean; old: boolean; touch: boolean; token_ok: boolean }>(
    `SELECT s.id_hash, s.user_id, u.username, u.role,
       s.last_seen_at < now() - make_interval(secs => $2::double precision / 1000) AS idle,
       s.created_at < now() - make_interval(secs => $3::double precision / 1000) AS old,
       s.last_seen_at < now() - interval '30 seconds' AS touch,
       ($4::text IS NOT NULL AND EXISTS (SELECT 1 FROM minted_tokens t WHERE t.token_hash = $4 AND t.user_id = s.user_id AND t.expires_at > now())) AS token_ok
     FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id_hash = $1 AND u.enabled`,
    [sha256(id), policy.idleMs, policy.absoluteMs, bearer ? sha256(bearer) : null],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.idle || row.old) {
    await db.query('DELETE FROM sessions WHERE id_hash = $1', [row.id_hash]);
    return null;
  }
  if (row.touch) await db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [row.id_hash]);
  return { idHash: row.id_hash, userId: row.user_id, username: row.username, role: row.role, tokenOk: row.token_ok };
}

export async function endSession(db: Queryable, id: string | undefined): Promise<void> {
  if (id) await db.query('DELETE FROM sessions WHERE id_hash = $1', [sha256(id)]);
}
