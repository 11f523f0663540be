/**
 * Scoped tokens for staff: cached per user and exact scope set until 60 s before expiry, one
 * upstream call however many requests wait for the same set, and recorded so the proxy can check
 * that a bearer it sees was minted for the session's user.
 */
import type { Queryable } from '../../common/db';
import { sha256 } from './sessions';
import type { MintedToken, Upstream } from './upstream';

const RENEW_BEFORE_MS = 60_000;

export class TokenBroker {
  private cache = new Map<string, MintedToken>();
  private inflight = new Map<string, Promise<MintedToken>>();
  upstreamCalls = 0;

  constructor(
    private readonly db: Queryable,
    private readonly upstream: Upstream,
  ) {}

  async get(userId: number, scopes: readonly string[]): Promise<MintedToken> {
    const set = [...new Set(scopes)].sort();
    const key = `${userId}|${set.join(' ')}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.mint(userId, set).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    const minted = await pending;
    this.cache.set(key, minted);
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return minted;
  }

  /** Forgets a token the upstream no longer accepts, so the next request mints a fresh one. */
  forgetToken(token: string): void {
    for (const [key, value] of this.cache) if (value.token === token) this.cache.delete(key);
  }

  /** Forgets a user's tokens (sign-out, disabled user). */
  forget(userId: number): void {
    for (const key of this.cache.keys()) if (key.startsWith(`${userId}|`)) this.cache.delete(key);
  }

  private async mint(userId: number, scopes: string[]): Promise<MintedToken> {
    this.upstreamCalls += 1;
    const minted = await this.upstream.mintToken(scopes);
    await this.db.query('INSERT INTO minted_tokens (token_hash, user_id, scopes, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT (token_hash) DO NOTHING', [
      sha256(minted.token), userId, scopes.join(' '), new Date(minted.expiresAt),
    ]);
    await this.db.query('DELETE FROM minted_tokens WHERE expires_at < now()');
    return minted;
  }
}
