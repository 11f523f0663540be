import { describe, expect, it } from 'vitest';
import type { Scope } from '@contract/enums';
import { createTokenCache, isFresh, jwtExpSeconds, RENEW_BEFORE_MS, scopeKey, tokenExpiresAt } from './token-cache';

function jwt(payload: object): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

describe('token expiry', () => {
  it('reads exp from a JWT', () => {
    expect(jwtExpSeconds(jwt({ exp: 1_700_000_000, scope: 'calls:read' }))).toBe(1_700_000_000);
    expect(jwtExpSeconds('not-a-jwt')).toBeNull();
    expect(jwtExpSeconds('a.!!!.c')).toBeNull();
    expect(jwtExpSeconds(jwt({ scope: 'x' }))).toBeNull();
  });

  it('trusts exp over expiresIn, else expiresIn as seconds, else the default', () => {
    const now = 1_000_000;
    expect(tokenExpiresAt({ token: jwt({ exp: 5000 }), expiresIn: 10 }, now)).toBe(5_000_000);
    expect(tokenExpiresAt({ token: 'opaque', expiresIn: 60 }, now)).toBe(now + 60_000);
    expect(tokenExpiresAt({ token: 'opaque', expiresIn: 0 }, now)).toBe(now + 900_000);
  });

  it('treats a token inside the renewal margin as stale', () => {
    const cached = { token: 't', scopes: [] as Scope[], expiresAt: 100_000 };
    expect(isFresh(cached, 100_000 - RENEW_BEFORE_MS - 1)).toBe(true);
    expect(isFresh(cached, 100_000 - RENEW_BEFORE_MS)).toBe(false);
    expect(isFresh(undefined, 0)).toBe(false);
  });

  it('keys scope sets regardless of order and duplicates', () => {
    expect(scopeKey(['calls:read', 'agents:read', 'calls:read'])).toBe('agents:read calls:read');
  });
});

describe('createTokenCache', () => {
  function setup() {
    let now = 1_000_000;
    const asked: Scope[][] = [];
    let n = 0;
    const resolvers: (() => void)[] = [];
    const cache = createTokenCache({
      now: () => now,
      fetchToken: (scope) => {
        asked.push(scope);
        n += 1;
        const token = jwt({ exp: Math.floor(now / 1000) + 120, n });
        return new Promise((resolve) => resolvers.push(() => resolve({ token, expiresIn: 120, tokenType: 'Bearer' })));
      },
    });
    return { cache, asked, resolveAll: () => resolvers.splice(0).forEach((r) => r()), advance: (ms: number) => (now += ms) };
  }

  it('asks once for concurrent callers of the same scope set (single flight)', async () => {
    const { cache, asked, resolveAll } = setup();
    const a = cache.get(['agents:read']);
    const b = cache.get(['agents:read']);
    const c = cache.get(['calls:read']);
    resolveAll();
    const [ta, tb, tc] = await Promise.all([a, b, c]);
    expect(ta.token).toBe(tb.token);
    expect(tc.token).not.toBe(ta.token);
    expect(asked).toEqual([['agents:read'], ['calls:read']]);
  });

  it('reuses a fresh token and renews shortly before exp', async () => {
    const { cache, asked, resolveAll, advance } = setup();
    const first = cache.get(['agents:read']);
    resolveAll();
    const t1 = await first;
    advance(60_000);
    expect((await cache.get(['agents:read'])).token).toBe(t1.token);
    advance(120_000 - 60_000 - RENEW_BEFORE_MS + 1);
    const renewed = cache.get(['agents:read']);
    resolveAll();
    expect((await renewed).token).not.toBe(t1.token);
    expect(asked).toHaveLength(2);
  });

  it('force fetches a new token; clear forgets all', async () => {
    const { cache, asked, resolveAll } = setup();
    const p = cache.get(['agents:read']);
    resolveAll();
    await p;
    const forced = cache.get(['agents:read'], { force: true });
    resolveAll();
    await forced;
    cache.clear();
    const after = cache.get(['agents:read']);
    resolveAll();
    await after;
    expect(asked).toHaveLength(3);
  });

  it('does not keep a failed request in flight', async () => {
    let fail = true;
    const cache = createTokenCache({
      fetchToken: async () => {
        if (fail) throw new Error('down');
        return { token: 'opaque', expiresIn: 900, tokenType: 'Bearer' };
      },
    });
    await expect(cache.get(['agents:read'])).rejects.toThrow('down');
    fail = false;
    await expect(cache.get(['agents:read'])).resolves.toMatchObject({ token: 'opaque' });
  });
});
