/**
 * Server-side sessions: the cookie holds a random id; the database holds its hash, so a leaked
 * table does not leak live sessions. Idle and absolute timeouts; a disabled user has none.
 *
 * Reads are cached in memory for a few seconds (SESSION_CACHE_MS) so the proxy path does no
 * database work per request; sign-out and disabling a user purge this process's cache at once,
 * another BFF process sees it within the cache window.
 */
import { hash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Role } from '../../../contract/bff/roles';
import type { Queryable } from '../../../common/db';

/** One-shot (no Hash object per call: it runs twice on every proxied read, for the cookie and the token). */
export const sha256 = (text: string) => hash('sha256', text, 'base64url');

export interface Session {
  idHash: string;
  userId: number;
  username: string;
  role: Role;
}

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** How long a read may be served from memory; 0: always the database. */
  cacheMs: number;
  /** Sessions one user may hold; a new one past it ends their oldest (default 50). */
  maxPerUser?: number;
}

const MAX_CACHED = 20_000;

export class SessionStore {
  /** id hash -> session, for `cacheMs`; the least recently used go first when full. */
  private cache: LRUCache<string, Session>;
  /** token hash -> the session it was minted in, for tokens known to be minted by this BFF (any process). */
  private tokens = new LRUCache<string, { sessionHash: string; expiresAt: number }>({ max: MAX_CACHED });

  constructor(
    private readonly db: Queryable,
    private readonly policy: SessionPolicy,
  ) {
    this.cache = new LRUCache({ max: MAX_CACHED, ...(policy.cacheMs > 0 ? { ttl: policy.cacheMs } : {}) });
  }

  async create(userId: number): Promise<string> {
    const id = randomBytes(32).toString('base64url');
    await this.db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, now(), now())', [sha256(id), userId]);
    // Bounded per user: the oldest beyond the limit end (they are the ones least likely in use).
    const ended = await this.db.query<{ id_hash: string }>(
      `DELETE FROM sessions WHERE id_hash IN (
         SELECT id_hash FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, id_hash OFFSET $2
       ) RETURNING id_hash`,
      [userId, this.policy.maxPerUser ?? 50],
    );
    for (const row of ended.rows) this.cache.delete(row.id_hash);
    return id;
  }

  /** The live session for a cookie value, or null. */
  async read(id: string | undefined): Promise<Session | null> {
    if (!id || id.length > 200) return null;
    const idHash = sha256(id);
    const hit = this.cache.get(idHash);
    if (hit) return hit;
    const { rows } = await this.db.query<{ user_id: number; username: string; role: Role; expired: boolean; touch: boolean }>(
      `SELECT s.user_id, u.username, u.role,
         (s.last_seen_at < now() - make_interval(secs => $2::double precision / 1000)
          OR s.created_at < now() - make_interval(secs => $3::double precision / 1000)) AS expired,
         s.last_seen_at < now() - interval '30 seconds' AS touch
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = $1 AND u.enabled`,
      [idHash, this.policy.idleMs, this.policy.absoluteMs],
    );
    const row = rows[0];
    if (!row || row.expired) {
      this.cache.delete(idHash);
      if (row) await this.db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
      return null;
    }
    if (row.touch) await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [idHash]);
    const session: Session = { idHash, userId: row.user_id, username: row.username, role: row.role };
    if (this.policy.cacheMs > 0) this.cache.set(idHash, session);
    return session;
  }

  /** Ends a session: its row goes, and with it (ON DELETE CASCADE) every token minted in it. */
  async end(id: string | undefined): Promise<string | null> {
    if (!id) return null;
    const idHash = sha256(id);
    this.forgetSession(idHash);
    await this.db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    return idHash;
  }

  /** Drops this process's cached copy of a session and of the tokens minted in it. */
  forgetSession(idHash: string): void {
    this.cache.delete(idHash);
    for (const [key, value] of [...this.tokens.entries()]) if (value.sessionHash === idHash) this.tokens.delete(key);
  }

  /** Drops this process's cached sessions and tokens of a user (disabled, password reset). */
  forgetUser(userId: number): void {
    for (const [key, session] of [...this.cache.entries()]) {
      if (session.userId !== userId) continue;
      this.forgetSession(key);
    }
  }

  /**
   * Records a token this BFF minted in a session (in the database, so every process knows it).
   * Tokens belong to the session, not the user: when the session ends, so do they.
   */
  async rememberToken(token: string, session: Pick<Session, 'idHash'>, scopes: readonly string[], expiresAt: number): Promise<void> {
    const hash = sha256(token);
    await this.db.query(
      `INSERT INTO minted_tokens (token_hash, session_hash, user_id, scopes, expires_at)
       SELECT $1, id_hash, user_id, $3, $4 FROM sessions WHERE id_hash = $2 ON CONFLICT (token_hash) DO NOTHING`,
      [hash, session.idHash, scopes.join(' '), new Date(expiresAt)],
    );
    this.cacheToken(hash, session.idHash, expiresAt);
    if (Math.random() < 0.05) await this.db.query('DELETE FROM minted_tokens WHERE expires_at < now()');
  }

  /** Whether `token` was minted by this BFF in this very session and has not expired. */
  async tokenBelongsTo(token: string, session: Pick<Session, 'idHash'>): Promise<boolean> {
    const hash = sha256(token);
    const known = this.tokens.get(hash);
    if (known) return known.sessionHash === session.idHash && known.expiresAt > Date.now();
    const { rows } = await this.db.query<{ session_hash: string; expires_at: Date }>(
      'SELECT session_hash, expires_at FROM minted_tokens WHERE token_hash = $1',
      [hash],
    );
    const row = rows[0];
    if (!row) return false;
    const expiresAt = new Date(row.expires_at).getTime();
    this.cacheToken(hash, row.session_hash, expiresAt);
    return row.session_hash === session.idHash && expiresAt > Date.now();
  }

  private cacheToken(hash: string, sessionHash: string, expiresAt: number): void {
    this.tokens.set(hash, { sessionHash, expiresAt });
  }
}
