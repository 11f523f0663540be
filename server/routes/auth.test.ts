/**
 * The auth plugin through app.inject: the sign-in schema's message, the token route's session
 * hook, then its per-user rate limit (@fastify/rate-limit, counted before the body is read), then
 * its schema; the security headers (@fastify/helmet) on every answer, errors included.
 */
import { describe, expect, it } from 'vitest';
import { SessionInfo, SIGN_IN_HASH_LIMITS } from '../../contract/bff/http';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp({ TOKEN_RATE_PER_MINUTE: '3' });

describe('auth routes', () => {
  it('refuse a sign-in without a password, naming the field', async () => {
    const res = await t.send(undefined, { method: 'POST', url: '/auth/login', payload: { username: 'viewer' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Enter your username and password.', errors: [{ field: 'password' }] });
  });

  it('answer who is signed in with the contract shape, and null for nobody', async () => {
    const cookie = await t.signIn('viewer');
    expect(SessionInfo.parse((await t.send(cookie, { method: 'GET', url: '/auth/session' })).json())).toMatchObject({ user: 'viewer', role: 'viewer' });
    expect((await t.send(undefined, { method: 'GET', url: '/auth/session' })).json()).toBeNull();
  });

  it('count token requests per user before reading the body, then refuse with Retry-After', async () => {
    const [viewer, operator] = [await t.signIn('viewer'), await t.signIn('operator')];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.send(viewer, { method: 'POST', url: '/auth/token', payload: { scope: [] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Ask for a non-empty list of known scopes.');
    }
    const limited = await t.send(viewer, { method: 'POST', url: '/auth/token', payload: { scope: [] } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, message: 'Too many token requests; slow down.', requestId: limited.headers['x-request-id'] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
    // Another user's budget is their own.
    expect((await t.send(operator, { method: 'POST', url: '/auth/token', payload: { scope: [] } })).statusCode).toBe(400);
  });

  it("answer a sign-in at once with 429 and Retry-After when its address's share of password checks is taken, and let another address in", async () => {
    const burst = await Promise.all(
      Array.from({ length: 3 * SIGN_IN_HASH_LIMITS.perAddress }, (_, i) =>
        t.send(undefined, { method: 'POST', url: '/auth/login', remoteAddress: '10.9.0.1', payload: { username: `nobody${i}`, password: 'wrong' } }),
      ),
    );
    const refused = burst.filter((res) => res.statusCode === 429);
    // The address holds at most SIGN_IN_HASH_LIMITS.perAddress checks at once; the rest were told when to come back.
    expect(burst.every((res) => res.statusCode === 401 || res.statusCode === 429)).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json().message).toMatch(/^Several sign-ins from your network are being checked; try again in \d+ seconds\.$/);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await t.signIn('viewer')).toBeTruthy();
  });

  it('send the security headers on answers and on errors', async () => {
    for (const res of [
      await t.send(undefined, { method: 'GET', url: '/auth/config' }),
      await t.send(undefined, { method: 'POST', url: '/auth/token', payload: {} }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
      );
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'cross-origin-opener-policy': 'same-origin',
        'permissions-policy': 'camera=(), microphone=(), geolocation=()',
        'cache-control': 'no-store',
      });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
