/**
 * Scoped tokens for staff: cached per user and exact scope set until 60 s before expiry, one
 * upstream call however many requests wait for the same set, and recorded so the proxy can check
 * that a bearer it sees was minted for the session's user.
 */
import type { SessionStore } from './sessions';
import type { MintedToken, Upstream } from './upstream';

const RENEW_BEFORE_MS = 60_000;
const MAX_CACHED = 10_000;

export class TokenBroker {
  private cache = new Map<string, MintedToken>();
  private inflight = new Map<string, Promise<MintedToken>>();
  /** Upstream token calls made by this process (tests and diagnostics). */
  upstreamCalls = 0;

  constructor(
    private readonly sessions: SessionStore,
    private readonly upstream: Upstream,
  ) {}

  async get(userId: number, scopes: readonly string[]): Promise<MintedToken> {
    const set = [...new Set(scopes)].sort();
    // The key is the exact set: a token minted for one set is never served for another.
    const key = `${userId}|${set.join(' ')}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.mint(userId, set)
        .then((minted) => {
          if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
          this.cache.set(key, minted);
          return minted;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
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
    await this.sessions.rememberToken(minted.token, userId, scopes, minted.expiresAt);
    return minted;
  }
}
