/**
 * Scoped read tokens for staff: cached per session and exact scope set until 60 s before expiry, one
 * upstream call however many requests wait for the same set, and recorded so the proxy can check
 * that a bearer it sees was minted in that very session (sign-out ends them with it). The write
 * path's tokens are the BFF's own (serverToken): never recorded, never handed out.
 */
import { LRUCache } from 'lru-cache';
import type { Session, SessionStore } from './sessions';
import type { MintedToken, Upstream } from '../upstream/upstream';

const RENEW_BEFORE_MS = 60_000;
const MAX_CACHED = 10_000;

export class TokenBroker {
  /** session|scopes -> token; the least recently used go first when full. */
  private cache = new LRUCache<string, MintedToken>({ max: MAX_CACHED });
  private inflight = new Map<string, Promise<MintedToken>>();
  /** The BFF's own tokens (the write path's): one per scope, never recorded, never sent to a browser. */
  private own = new Map<string, { minted?: MintedToken; pending?: Promise<MintedToken> }>();
  /** Upstream token calls made by this process (tests and diagnostics). */
  upstreamCalls = 0;

  constructor(
    private readonly sessions: SessionStore,
    private readonly upstream: Upstream,
  ) {}

  /** A token for this session and exactly this scope set (tokens belong to the session, not the user). */
  async get(session: Pick<Session, 'idHash'>, scopes: readonly string[]): Promise<MintedToken> {
    const set = [...new Set(scopes)].sort();
    // The key is the exact set: a token minted for one set is never served for another.
    const key = `${session.idHash}|${set.join(' ')}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > Date.now()) return cached;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.mint(session, set)
        .then((minted) => {
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
    for (const [key, value] of [...this.cache.entries()]) if (value.token === token) this.cache.delete(key);
  }

  /** Forgets a session's tokens (sign-out). */
  forgetSession(idHash: string): void {
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${idHash}|`)) this.cache.delete(key);
  }

  /**
   * A token for the BFF's own use (the write path): minted with the API key for exactly one scope,
   * kept in this process's memory only and renewed a minute before it expires. It is not recorded
   * among the tokens the proxy accepts, so even a leaked copy would not pass the BFF.
   */
  async serverToken(scope: string): Promise<string> {
    const entry = this.own.get(scope);
    if (entry?.minted && entry.minted.expiresAt - RENEW_BEFORE_MS > Date.now()) return entry.minted.token;
    if (entry?.pending) return (await entry.pending).token;
    const pending = this.upstream.mintToken([scope]);
    this.upstreamCalls += 1;
    this.own.set(scope, { pending });
    try {
      const minted = await pending;
      this.own.set(scope, { minted });
      return minted.token;
    } catch (error) {
      this.own.delete(scope);
      throw error;
    }
  }

  /** The upstream refused one of the BFF's own tokens: the next write mints a fresh one. */
  forgetServerToken(token: string): void {
    for (const [scope, entry] of this.own) if (entry.minted?.token === token) this.own.delete(scope);
  }

  private async mint(session: Pick<Session, 'idHash'>, scopes: string[]): Promise<MintedToken> {
    this.upstreamCalls += 1;
    const minted = await this.upstream.mintToken(scopes);
    await this.sessions.rememberToken(minted.token, session, scopes, minted.expiresAt);
    return minted;
  }
}
