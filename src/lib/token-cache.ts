/**
 * Short-lived upstream tokens from the BFF (`POST /auth/token`), kept in memory only: never in
 * localStorage, sessionStorage, cookies or IndexedDB, so a script that reads storage finds none.
 * One token per scope set, renewed shortly before it expires, one request in flight per set.
 */
import type { Scope } from '@contract/enums';
import { LIMITS } from '@contract/limits';
import type { Token } from '@contract/schemas/token';

export interface CachedToken {
  token: string;
  scopes: readonly Scope[];
  /** Epoch milliseconds. */
  expiresAt: number;
}

/** Renew this long before `exp`, so a token never expires between being read and being used. */
export const RENEW_BEFORE_MS = 30_000;

/** One stable key per scope set, whatever the order it was asked in. */
export function scopeKey(scopes: readonly Scope[]): string {
  return [...new Set(scopes)].sort().join(' ');
}

/** The `exp` claim (seconds) of a JWT, or null when the token is not a readable JWT. */
export function jwtExpSeconds(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof json.exp === 'number' && Number.isFinite(json.exp) ? json.exp : null;
  } catch {
    return null;
  }
}

/** docs/api-assumptions.md: trust the JWT's `exp` when present, else `expiresIn` as seconds (default 900). */
export function tokenExpiresAt(token: Pick<Token, 'token'> & { expiresIn?: number }, now: number): number {
  const exp = jwtExpSeconds(token.token);
  if (exp !== null) return exp * 1000;
  const seconds = typeof token.expiresIn === 'number' && token.expiresIn > 0 ? token.expiresIn : LIMITS.tokenExpiresInSeconds.default;
  return now + seconds * 1000;
}

/** Whether a cached token is still good to send (not within the renewal margin of `exp`). */
export function isFresh(cached: CachedToken | undefined, now: number, renewBeforeMs = RENEW_BEFORE_MS): cached is CachedToken {
  return !!cached && cached.expiresAt - renewBeforeMs > now;
}

export interface TokenCacheOptions {
  fetchToken: (scopes: Scope[]) => Promise<Token>;
  now?: () => number;
  renewBeforeMs?: number;
}

export interface TokenCache {
  /** A fresh token for exactly these scopes; `force` skips the cached one (after a 401). */
  get(scopes: readonly Scope[], opts?: { force?: boolean }): Promise<CachedToken>;
  /** Keeps a token the BFF gave with the session (GET /auth/bootstrap), for exactly these scopes. */
  put(scopes: readonly Scope[], token: Pick<Token, 'token'> & { expiresIn?: number }): void;
  /** Forget every token (sign-out, session ended). */
  clear(): void;
}

export function createTokenCache({ fetchToken, now = Date.now, renewBeforeMs = RENEW_BEFORE_MS }: TokenCacheOptions): TokenCache {
  const tokens = new Map<string, CachedToken>();
  const inFlight = new Map<string, Promise<CachedToken>>();
  // Bumped by clear(): a token that arrives for an older generation is not cached.
  let generation = 0;

  function get(scopes: readonly Scope[], opts: { force?: boolean } = {}): Promise<CachedToken> {
    const key = scopeKey(scopes);
    const cached = tokens.get(key);
    if (!opts.force && isFresh(cached, now(), renewBeforeMs)) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const started = generation;
    const sorted = key.split(' ') as Scope[];
    const request = fetchToken(sorted)
      .then((t) => {
        const fresh: CachedToken = { token: t.token, scopes: sorted, expiresAt: tokenExpiresAt(t, now()) };
        if (started === generation) tokens.set(key, fresh);
        return fresh;
      })
      .finally(() => {
        if (inFlight.get(key) === request) inFlight.delete(key);
      });
    inFlight.set(key, request);
    return request;
  }

  return {
    get,
    put(scopes, token) {
      const key = scopeKey(scopes);
      tokens.set(key, { token: token.token, scopes: key.split(' ') as Scope[], expiresAt: tokenExpiresAt(token, now()) });
    },
    clear() {
      generation += 1;
      tokens.clear();
      inFlight.clear();
    },
  };
}
