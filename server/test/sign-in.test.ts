/**
 * Sign-in limits over real HTTP: counted before the hash and atomically in the database (parallel
 * guesses cannot all be evaluated), X-Forwarded-For believed only from the configured proxies, and
 * one address behind a NAT unable to lock the office out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_HASH_LIMITS } from '../../contract/bff/http.plain';
import { ConfigError, loadConfig } from '../config';
import { randomBytes, scryptSync } from 'node:crypto';
import { needsRehash } from '../services/auth/passwords';
import { addUser, findUser } from '../services/auth/users';
import { DEMO_PASSWORD, startTestStack, type TestStack } from '../testing/harness';

let stack: TestStack;
const MAX = 2;
// The BFF is reached over loopback: the test client plays the load balancer, which appends the
// address it saw to X-Forwarded-For.
const via = (address: string, forged?: string) => ({ 'x-forwarded-for': forged ? `${forged}, ${address}` : address });
const login = (username: string, password: string, headers: Record<string, string>) =>
  stack.client().request('POST', '/auth/login', { body: { username, password }, headers });

beforeAll(async () => {
  stack = await startTestStack({ env: { TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES: String(MAX) } });
  for (const name of ['ana', 'ben', 'cy']) await addUser(stack.app.ctx.db, name, 'viewer', `${name}-password-1`);
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe('parallel guesses', () => {
  it('evaluates at most the limit of 50 parallel wrong passwords', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => login('ana', `wrong-${i}`, via('203.0.113.1'))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(50 - MAX);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  it('does not sign in with the right password hidden in a burst of 99 wrong ones', async () => {
    const burst = Array.from({ length: 99 }, (_, i) => login('ben', `wrong-${i}`, via('203.0.113.2')));
    const right = login('ben', 'ben-password-1', via('203.0.113.2'));
    const statuses = (await Promise.all([...burst, right])).map((r) => r.status);
    expect(statuses[99]).toBe(429);
    expect(statuses.filter((s) => s === 204)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX);
  });
});

describe('hashes made with earlier parameters', () => {
  it('are replaced at the next sign-in by a hash with the current parameters, and the password still works', async () => {
    // As the BFF hashed before ADR 0023: N=2^15, r=8, p=1 (32 MiB per check).
    const salt = randomBytes(16);
    const key = scryptSync('dee-password-1', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await addUser(stack.app.ctx.db, 'dee', 'viewer', 'placeholder-password');
    const legacy = `scrypt$32768$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
    await stack.app.ctx.db.query('UPDATE users SET password_hash = $2 WHERE username = $1', ['dee', legacy]);
    expect((await login('dee', 'dee-password-1', via('203.0.113.9'))).status).toBe(204);
    const stored = (await findUser(stack.app.ctx.db, 'dee'))!.password_hash;
    expect(stored).not.toBe(legacy);
    expect(needsRehash(stored)).toBe(false);
    expect((await login('dee', 'dee-password-1', via('203.0.113.9'))).status).toBe(204);
  });
});

describe('X-Forwarded-For', () => {
  it('is believed from the configured proxies only: a forged first hop does not remove the limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX + 2; i += 1) statuses.push((await login('cy', `guess-${i}`, via('203.0.113.3', `10.9.${i}.1`))).status);
    expect(statuses).toEqual([...Array(MAX).fill(401), 429, 429]);
  });

  it('refuses TRUST_PROXY=true and bad entries, and takes hop counts and addresses', () => {
    const base = { VOICE_API_BASE_URL: 'http://127.0.0.1:1', VOICE_API_KEY: 'key-12345678' };
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/forge its address/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'not-an-ip' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.1/33' })).toThrow(ConfigError);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.0.1.0/24']);
    expect(loadConfig(base).TRUST_PROXY).toBe(false);
  });
});

describe('one address behind a NAT', () => {
  const OFFICE = '198.51.100.77';

  it('cannot lock the office out: past its budget, people who worked from it before still sign in', async () => {
    // Staff who signed in from the office before the attack.
    await stack.login('viewer', DEMO_PASSWORD, via(OFFICE));
    // One machine in the office sprays many accounts, then hammers one of them: as many at once as
    // the address may have checked (more are refused uncounted: the burst test of load-limits.test.ts).
    for (let i = 0; i < MAX * 20 + 5; i += SIGN_IN_HASH_LIMITS.perAddress) {
      const wave = Array.from({ length: Math.min(SIGN_IN_HASH_LIMITS.perAddress, MAX * 20 + 5 - i) }, (_, j) =>
        login(`nobody-${i + j}`, 'password1', via(OFFICE)),
      );
      await Promise.all(wave);
    }
    const sprayed = await login('nobody-x', 'password1', via(OFFICE));
    expect(sprayed.status).toBe(429);
    expect(sprayed.body.message).toMatch(/from this network/);
    // The office's known staff are not locked out...
    await stack.login('viewer', DEMO_PASSWORD, via(OFFICE));
    // ...nor anyone elsewhere.
    await stack.login('operator', DEMO_PASSWORD, via('192.0.2.200'));
    // New pairs wait until the window passes (the price of the attack, paid by newcomers only).
    expect((await login('admin', DEMO_PASSWORD, via(OFFICE))).status).toBe(429);
  }, 60_000);

  it('locks only the guessed account of an office, not its other staff', async () => {
    const OTHER_OFFICE = '198.51.100.78';
    await stack.login('viewer', DEMO_PASSWORD, via(OTHER_OFFICE));
    for (let i = 0; i < MAX; i += 1) expect((await login('admin', `guess-${i}`, via(OTHER_OFFICE))).status).toBe(401);
    expect((await login('admin', DEMO_PASSWORD, via(OTHER_OFFICE))).status).toBe(429);
    await stack.login('viewer', DEMO_PASSWORD, via(OTHER_OFFICE));
    await stack.login('admin', DEMO_PASSWORD, via('192.0.2.201'));
  });

  it('cannot lock an account out from everywhere by guessing it from many addresses', async () => {
    await stack.login('operator', DEMO_PASSWORD, via('192.0.2.50'));
    await Promise.all(Array.from({ length: MAX * 10 + 2 }, (_, i) => login('operator', 'wrong', via(`100.64.${i}.9`))));
    expect((await login('operator', 'wrong', via('100.64.200.9'))).body.message).toMatch(/for this account/);
    // Where the operator worked before, the right password still works.
    await stack.login('operator', DEMO_PASSWORD, via('192.0.2.50'));
  });
});
