/**
 * Abuse over real HTTP, and the secrets scan: sign-in brute force (limited, the real user still
 * gets in from elsewhere), session fixation, a cookie replayed after logout, a disabled user's live
 * session, a viewer's token used for a write (refused by the BFF and by the upstream itself), the
 * CSRF matrix over every state-changing route, cross-origin preflights; then, with the API keys set
 * to canary values, every response, header and log line of this suite and the built SPA (source maps
 * included) are scanned for them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserEnabled, addUser } from '../server/services/auth/users';
import { startTestStack, type TestStack } from '../server/testing/harness';
import { scanBuild } from './built-secrets';
import { Tally, writeResult } from './report';

let stack: TestStack;
const tried = new Tally();
const figures: Record<string, number> = { csrfRefused: 0, csrfCases: 0, preflightsWithoutCors: 0, secretHits: 0, filesScanned: 0, textsScanned: 0 };

beforeAll(async () => {
  stack = await startTestStack({ seedCalls: 50, env: { TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES: '5' } });
});

afterAll(async () => {
  writeResult({
    suite: 'abuse-and-secrets',
    promises: [
      'Sign-in guessing is limited per account and address; the real user still signs in from another address.',
      "A new session id at every sign-in (no fixation); a cookie replayed after logout, and a disabled user's live session, get 401.",
      "A viewer's token cannot write, neither through the BFF nor sent straight to the upstream.",
      'Every state-changing route refuses a missing X-Switchboard header, a foreign, null or missing Origin, and simple (form, text/plain) bodies; no CORS grant to a foreign origin.',
      'The API keys appear in no response, header, log line, built asset or source map.',
    ],
    figures: { abuseAttempts: tried.total, ...figures, ...Object.fromEntries(Object.entries(tried.byKind).map(([k, v]) => [`tried.${k}`, v])) },
  });
  await stack?.close();
});

describe('sign-in', () => {
  it('limits guessing one account, and the real user still gets in from another address', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      tried.add('brute-force');
      statuses.push(
        (await stack.client().request('POST', '/auth/login', { body: { username: 'operator', password: `guess-${i}` }, headers: attacker })).status,
      );
    }
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Even the right password is refused from the guessing address while the limit holds...
    expect(
      (await stack.client().request('POST', '/auth/login', { body: { username: 'operator', password: 'switchboard-demo' }, headers: attacker })).status,
    ).toBe(429);
    // ...but the real operator, elsewhere, is not locked out.
    await stack.login('operator', undefined, { 'x-forwarded-for': '198.51.100.20' });
  });

  it('gives a new session id at sign-in, whatever cookie came with it (no fixation)', async () => {
    const planted = '__Host-sb_session=attacker-chosen-session-id-000000000000';
    const victim = stack.client(planted);
    tried.add('session-fixation');
    expect(
      (
        await victim.request('POST', '/auth/login', {
          body: { username: 'viewer', password: 'switchboard-demo' },
          headers: { 'x-forwarded-for': '198.51.100.21' },
        })
      ).status,
    ).toBe(204);
    expect(victim.cookie).toBeDefined();
    expect(victim.cookie).not.toBe(planted);
    expect((await stack.client(planted).request('GET', '/auth/session')).status).toBe(401);
    // A session id taken before sign-in is worthless after it.
    const early = await stack.login('viewer', undefined, { 'x-forwarded-for': '198.51.100.22' });
    const before = early.cookie!;
    expect(
      (
        await early.request('POST', '/auth/login', {
          body: { username: 'viewer', password: 'switchboard-demo' },
          headers: { 'x-forwarded-for': '198.51.100.22' },
        })
      ).status,
    ).toBe(204);
    expect(early.cookie).not.toBe(before);
    expect((await stack.client(before).request('GET', '/auth/session')).status).toBe(401);
  });

  it('refuses a cookie replayed after logout, on every kind of route', async () => {
    const operator = await stack.login('operator', undefined, { 'x-forwarded-for': '198.51.100.23' });
    const cookie = operator.cookie!;
    const token = await operator.token(['calls:read']);
    expect((await operator.request('POST', '/auth/logout')).status).toBe(204);
    const replay = stack.client(cookie);
    for (const [method, path] of [
      ['GET', '/auth/session'],
      ['POST', '/auth/token'],
      ['GET', '/bff/campaigns'],
      ['GET', '/bff/views'],
      ['GET', '/api/v1/calls'],
    ] as const) {
      tried.add('replayed-cookie');
      const res = await replay.request(method, path, { token, ...(method === 'POST' ? { body: { scope: ['calls:read'] } } : {}) });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("ends a disabled user's live session and token at once", async () => {
    await addUser(stack.app.ctx.db, 'mallory', 'operator', 'mallory-password-1');
    const mallory = await stack.login('mallory', 'mallory-password-1', { 'x-forwarded-for': '198.51.100.24' });
    const token = await mallory.token(['calls:read']);
    await setUserEnabled(stack.app.ctx.db, 'mallory', false);
    // Sessions may be cached for a moment: wait past the cache before judging.
    await new Promise((r) => setTimeout(r, 2100));
    for (const [method, path] of [
      ['GET', '/auth/session'],
      ['GET', '/api/v1/calls'],
      ['GET', '/bff/drafts'],
    ] as const) {
      tried.add('disabled-user');
      expect((await mallory.request(method, path, { token })).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('roles', () => {
  it("refuses a viewer's write, at the BFF and at the upstream itself", async () => {
    const viewer = await stack.login('viewer', undefined, { 'x-forwarded-for': '198.51.100.25' });
    tried.add('viewer-write');
    const denied = await viewer.request('POST', '/auth/token', { body: { scope: ['calls:write'] } });
    expect(denied.status).toBe(403);
    const token = await viewer.token(['calls:read']);
    const agents = (await stack.upstream('GET', '/v1/agents?type=OUTBOUND&size=100')).body.content;
    const agentId = agents.find((a: any) => a.active && !a.archived).id;
    const body = { agentId, recipient: { phone: '+14155550321' } };
    tried.add('viewer-write');
    expect((await viewer.request('POST', '/bff/calls', { body, headers: { 'idempotency-key': 'viewer-write-0001' } })).status).toBe(403);
    // The proxy passes no write at all, whatever token comes with it.
    expect((await viewer.request('POST', '/api/v1/calls', { token, body, headers: { 'idempotency-key': 'viewer-write-0002' } })).status).toBe(405);
    // The token itself, taken out of the browser and sent straight upstream, cannot write either.
    tried.add('viewer-write');
    const direct = await fetch(`${stack.simUrl}/v1/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(direct.status).toBe(403);
    expect((await stack.upstream('GET', '/v1/calls?phone=%2B14155550321')).body.totalElements).toBe(0);
  });
});

describe('CSRF and CORS', () => {
  it('refuses every forged state-changing request on every route', async () => {
    const operator = await stack.login('admin', undefined, { 'x-forwarded-for': '198.51.100.26' });
    const token = await operator.token(['calls:read', 'campaigns:read', 'agents:read']);
    const routes = stack.app.routeList
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => ({ method: r.method, path: r.url.replace(/:\w+/g, 'x1').replace('*', 'v1/calls') }));
    // The proxy is one wildcard route: try each proxied write too.
    routes.push(
      { method: 'PATCH', path: '/api/v1/agents/5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b' },
      { method: 'POST', path: '/api/v1/campaigns' },
      { method: 'POST', path: '/api/v1/bulk/calls' },
      { method: 'POST', path: '/api/v1/campaigns/5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b/status' },
    );
    const forgeries: [string, Record<string, string>, string | undefined][] = [
      ['no custom header', { 'x-switchboard': '' }, '{}'],
      ['wrong custom header', { 'x-switchboard': '0' }, '{}'],
      ['foreign origin', { origin: 'https://evil.example' }, '{}'],
      ['null origin', { origin: 'null' }, '{}'],
      ['no origin', { origin: '' }, '{}'],
      ['lookalike origin', { origin: `${stack.url}.evil.example` }, '{}'],
      ['form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
      ['text/plain body', { 'content-type': 'text/plain' }, '{"scope":["calls:write"]}'],
    ];
    const before = (await stack.control('GET', '/_sim/stats')).body.requests;
    for (const { method, path } of routes) {
      for (const [name, headers, raw] of forgeries) {
        tried.add('csrf');
        figures.csrfCases! += 1;
        const res = await operator.request(method, path, {
          token,
          raw,
          headers: { 'content-type': 'application/json', 'idempotency-key': `csrf-${figures.csrfCases}-abcdef`, ...headers },
        });
        expect([403, 415], `${name} ${method} ${path}: ${res.status}`).toContain(res.status);
        figures.csrfRefused! += 1;
      }
    }
    // None of them reached the upstream.
    expect((await stack.control('GET', '/_sim/stats')).body.requests).toBe(before);
    expect((await operator.request('GET', '/auth/session')).status).toBe(200);
  });

  it('grants no cross-origin access in preflights or responses', async () => {
    for (const path of ['/auth/login', '/auth/token', '/api/v1/calls', '/bff/drafts/x', '/bff/views/x']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        tried.add('preflight');
        const res = await fetch(stack.url + path, {
          method: 'OPTIONS',
          headers: { origin: 'https://evil.example', 'access-control-request-method': method, 'access-control-request-headers': 'x-switchboard, content-type' },
        });
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('access-control-allow-credentials')).toBeNull();
        expect(res.status).toBeLessThan(500);
        figures.preflightsWithoutCors! += 1;
      }
    }
    const res = await fetch(`${stack.url}/auth/session`, { headers: { origin: 'https://evil.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('secrets', () => {
  it('the canary API keys appear in no response, header, log line, built asset or source map', () => {
    const texts = [...stack.seen, ...stack.logs];
    const built = scanBuild('dist', stack.keys);
    figures.filesScanned = built.files;
    figures.textsScanned = texts.length;
    const hits = texts.filter((t) => stack.keys.some((k) => t.includes(k)));
    figures.secretHits = hits.length + built.hits.length;
    expect(hits.map((h) => h.slice(0, 200))).toEqual([]);
    // Any key in the browser build; canary keys only in the server bundles npm start writes.
    expect(built.hits).toEqual([]);
    expect(stack.logs.length).toBeGreaterThan(10);
  });
});
