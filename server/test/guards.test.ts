/**
 * The BFF's guards over real HTTP, the simulator upstream: the roles x routes x methods matrix
 * generated from contract/routes.ts, the CSRF guard on every state-changing route the app
 * registers, security headers, sessions and the sign-in rate limit.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client as RawClient } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SCOPES, Role } from '../../contract/bff/roles';
import { BFF_WRITE_ROUTES } from '../../contract/bff/write-routes.plain';
import { ROUTES, ROUTE_NAMES, type RouteDef } from '../../contract/routes';
import { mayCall } from '../services/policy';
import { setUserEnabled, addUser } from '../services/auth/users';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';

let stack: TestStack;
const ids: Record<string, string> = {};
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  stack = await startTestStack({ env: { TRUST_PROXY: 'loopback' }, sessionCacheMs: 0 });
  ids.agent = (await stack.upstream('GET', '/v1/agents?size=1')).body.content[0].id;
  ids.call = (await stack.upstream('GET', '/v1/calls?size=1')).body.content[0].id;
  ids.campaign = UNKNOWN_ID;
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const stats = async () => (await stack.control('GET', '/_sim/stats')).body as { requests: number; byRoute: Record<string, { count: number }> };
const fill = (path: string, route?: RouteDef) =>
  path.replace('{id}', route?.path.startsWith('/v1/agents') ? ids.agent! : route?.path.startsWith('/v1/campaigns') ? ids.campaign! : ids.call!);

describe('the roles x routes x methods matrix', () => {
  const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
  const paths = [...new Set((Object.values(ROUTES) as RouteDef[]).map((r) => r.path))];

  for (const role of Role.options) {
    it(`${role}: every method of every contract path through the proxy gets what the role allows: reads only`, async () => {
      const client = await stack.login(role);
      const token = await client.token(ROLE_SCOPES[role].filter((s) => s.endsWith(':read')));
      const mismatches: string[] = [];
      for (const path of paths) {
        for (const method of METHODS) {
          const route = (Object.values(ROUTES) as RouteDef[]).find((r) => r.path === path && r.method === method);
          const res = await client.request(method, `/api${fill(path, route)}`, { token, body: method === 'GET' ? undefined : {} });
          let expected: (n: number) => boolean;
          let want: string;
          if (path === ROUTES.issueToken.path) [expected, want] = [(s) => s === 404, "404 (the token route is the BFF's own, never proxied)"];
          else if (!route) [expected, want] = [(s) => s === 405, '405'];
          else if (method !== 'GET') [expected, want] = [(s) => s === 405, '405 (writes are never proxied, whatever the role)'];
          else if (!mayCall(role, route)) [expected, want] = [(s) => s === 403, '403'];
          else [expected, want] = [(s) => s === 200 || s === 404, '200 (or 404 for an unknown id)'];
          if (!expected(res.status)) mismatches.push(`${role} ${method} ${path}: ${res.status}, expected ${want}`);
        }
      }
      expect(mismatches).toEqual([]);
    });

    it(`${role}: no write scope is ever issued to the browser`, async () => {
      const client = await stack.login(role);
      for (const scope of ['calls:write', 'campaigns:write', 'agents:write']) {
        const res = await client.request('POST', '/auth/token', { body: { scope: ['calls:read', scope] } });
        expect(res.status, `${role} asking for ${scope}`).toBe(403);
        expect(res.body.errors.map((e: any) => e.rejectedValue)).toEqual([scope]);
      }
    });

    it(`${role}: the BFF write routes allow exactly the role's writes`, async () => {
      const client = await stack.login(role);
      const before = (await stats()).requests;
      const mismatches: string[] = [];
      for (const [name, def] of Object.entries(BFF_WRITE_ROUTES)) {
        const upstream = ROUTES[def.upstream];
        const url = def.path.replace(':id', fill(upstream.path, upstream).split('/')[3] ?? '');
        const res = await client.request(def.method, url, { body: {}, headers: { 'idempotency-key': `matrix-${role}-${name}` } });
        const want = mayCall(role, upstream) ? 400 : 403;
        if (res.status !== want)
          mismatches.push(
            `${role} ${def.method} ${url}: ${res.status}, expected ${want} (${want === 400 ? 'the policy passed; the empty body is refused before the upstream' : 'not allowed'})`,
          );
      }
      expect(mismatches).toEqual([]);
      expect((await stats()).requests).toBe(before);
    });
  }

  it('agrees with the role table of the product on the writes', () => {
    const can = (role: 'viewer' | 'operator' | 'admin', name: keyof typeof ROUTES) => mayCall(role, ROUTES[name]);
    expect(ROUTE_NAMES.filter((n) => ROUTES[n].method !== 'GET' && can('viewer', n))).toEqual([]);
    expect(ROUTE_NAMES.filter((n) => can('operator', n) && !can('viewer', n)).sort()).toEqual([
      'bulkCalls',
      'changeCampaignStatus',
      'createCall',
      'createCampaign',
    ]);
    expect(ROUTE_NAMES.filter((n) => can('admin', n) && !can('operator', n))).toEqual(['patchAgent']);
  });

  it('fails closed for a route with no policy, an unknown scope or an unknown role', () => {
    expect(mayCall('admin', { scope: undefined })).toBe(false);
    expect(mayCall('admin', { scope: null })).toBe(false);
    expect(mayCall('admin', { scope: 'agents:delete' })).toBe(false);
    expect(mayCall('superuser', ROUTES.listAgents)).toBe(false);
  });

  it('refuses paths outside the contract and bad ids before any upstream call', async () => {
    const client = await stack.login('admin');
    const token = await client.token(ROLE_SCOPES.admin.filter((s) => s.endsWith(':read')));
    const before = (await stats()).requests;
    // undici sends the path as written (fetch would normalise the dot segments away).
    for (const path of [
      '/api/v1/agents/../calls',
      '/api/v1/agents/%2e%2e/calls',
      '/api/v1/secrets',
      '/api/v2/agents',
      '/api/v1/agents/not-a-uuid',
      '/api/v1/calls/%2e%2e',
      '/api//v1/agents',
      '/api/v1/calls/x/../../agents',
    ]) {
      const raw = new RawClient(stack.url);
      const res = await raw.request({ method: 'GET', path, headers: { cookie: client.cookie!, authorization: `Bearer ${token}` } });
      const body = (await res.body.json()) as { requestId?: string };
      expect([400, 404, 405], `${path}: ${res.statusCode}`).toContain(res.statusCode);
      expect(body.requestId).toBeTypeOf('string');
      await raw.close();
    }
    expect((await stats()).requests).toBe(before);
  });

  it('refuses a bearer token that this session did not obtain', async () => {
    const viewer = await stack.login('viewer');
    const admin = await stack.login('admin');
    const adminToken = await admin.token(['agents:read']);
    expect((await viewer.request('GET', '/api/v1/agents', { token: adminToken })).status).toBe(401);
    expect((await viewer.request('GET', '/api/v1/agents')).status).toBe(401);
    expect((await stack.client().request('GET', '/api/v1/agents', { token: adminToken })).status).toBe(401);
  });

  it('mints only scopes the role allows, naming the refused ones', async () => {
    const viewer = await stack.login('viewer');
    const res = await viewer.request('POST', '/auth/token', { body: { scope: ['calls:read', 'calls:write', 'agents:write'] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('calls:write');
    expect(res.body.message).toContain('agents:write');
    expect(res.body.errors.map((e: any) => e.rejectedValue).sort()).toEqual(['agents:write', 'calls:write']);
  });
});

describe('the CSRF guard', () => {
  // Every state-changing route the app registered; the proxy's catch-all stands for the contract's writes.
  const stateChanging = () => {
    const own = stack.app.routeList.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.url !== '/api/*');
    const proxied = (Object.values(ROUTES) as RouteDef[]).filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, url: `/api${fill(r.path, r)}` }));
    return [...own.map((r) => ({ method: r.method, url: r.url.replace(':name', 'some-name') })), ...proxied];
  };

  it('enumerates the routes it checks (not a sample)', () => {
    const urls = stateChanging().map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/, ':id')}`);
    for (const expected of [
      'POST /auth/login',
      'POST /auth/logout',
      'POST /auth/token',
      'PUT /bff/drafts/some-name',
      'DELETE /bff/drafts/some-name',
      'PUT /bff/views/some-name',
      'DELETE /bff/views/some-name',
      'POST /api/v1/calls',
      'POST /api/v1/campaigns',
      'POST /api/v1/bulk/calls',
      'PATCH /api/v1/agents/:id',
      'POST /api/v1/campaigns/:id/status',
      'POST /bff/calls',
      'POST /bff/bulk/calls',
      'POST /bff/campaigns',
      'POST /bff/campaigns/:id/status',
      'PATCH /bff/agents/:id',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('refuses a missing custom header, a foreign, null or missing Origin, and simple requests, on every state-changing route', async () => {
    const admin = await stack.login('admin');
    const token = await admin.token(ROLE_SCOPES.admin.filter((s) => s.endsWith(':read')));
    const before = (await stats()).requests;
    const failures: string[] = [];
    const variants: [string, Record<string, string>, string | undefined, number][] = [
      ['no X-Switchboard', { 'x-switchboard': '', 'content-type': 'application/json' }, '{}', 403],
      ['X-Switchboard: 0', { 'x-switchboard': '0', 'content-type': 'application/json' }, '{}', 403],
      ['foreign Origin', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}', 403],
      ['null Origin', { origin: 'null', 'content-type': 'application/json' }, '{}', 403],
      ['no Origin', { origin: '', 'content-type': 'application/json' }, '{}', 403],
      ['look-alike Origin', { origin: `${stack.url}.evil.example`, 'content-type': 'application/json' }, '{}', 403],
      ['form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'username=admin&password=switchboard-demo', 415],
      ['text/plain body', { 'content-type': 'text/plain' }, '{"username":"admin","password":"switchboard-demo"}', 415],
      ['multipart body', { 'content-type': 'multipart/form-data; boundary=x' }, '--x--', 415],
    ];
    const routes = stateChanging();
    for (const route of routes) {
      for (const [label, headers, raw, status] of variants) {
        const res = await admin.request(route.method, route.url, { token, headers, raw });
        if (res.status !== status) failures.push(`${route.method} ${route.url} with ${label}: ${res.status}, expected ${status}`);
        if (res.headers.get('set-cookie')) failures.push(`${route.method} ${route.url} with ${label} set a cookie`);
      }
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(12);
    // Nothing reached the upstream, and the session still works.
    expect((await stats()).requests).toBe(before);
    expect((await admin.request('GET', '/auth/session')).status).toBe(200);
  });
});

describe('DNS rebinding', () => {
  it('refuses a Host name that is not this BFF before any work; loopback names and probes still answer', async () => {
    const port = new URL(stack.url).port;
    const raw = new RawClient(stack.url);
    const login = (host: string) =>
      raw.request({
        method: 'POST',
        path: '/auth/login',
        headers: { host, origin: `http://${host}`, 'x-switchboard': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'viewer', password: 'switchboard-demo' }),
      });
    const page = await raw.request({ method: 'GET', path: '/auth/config', headers: { host: `rebound.evil.example:${port}` } });
    expect(page.statusCode).toBe(421);
    await page.body.dump();
    const rebound = await login(`rebound.evil.example:${port}`);
    expect(rebound.statusCode).toBe(421);
    expect(rebound.headers['set-cookie']).toBeUndefined();
    await rebound.body.dump();
    const local = await login(`localhost:${port}`);
    expect(local.statusCode).toBe(204);
    await local.body.dump();
    const probe = await raw.request({ method: 'GET', path: '/healthz', headers: { host: 'anything.example' } });
    expect(probe.statusCode).toBe(200);
    await probe.body.dump();
    await raw.close();
  });
});

describe('headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy, and no-store on /auth and /api', async () => {
    const viewer = await stack.login('viewer');
    for (const res of [await viewer.request('GET', '/auth/session'), await viewer.api('GET', '/v1/agents?size=1'), await viewer.request('GET', '/healthz')]) {
      const csp = res.headers.get('content-security-policy')!;
      const script = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
      expect(script).not.toMatch(/unsafe-inline|unsafe-eval/);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect((await viewer.request('GET', '/auth/session')).headers.get('cache-control')).toBe('no-store');
    expect((await viewer.api('GET', '/v1/agents?size=1')).headers.get('cache-control')).toBe('no-store');
    // Plain http: no HSTS (it is sent only when PUBLIC_URL is https).
    expect((await viewer.request('GET', '/healthz')).headers.get('strict-transport-security')).toBeNull();
  });

  it('sets the session cookie __Host-, HttpOnly, Secure, SameSite=Strict, Path=/', async () => {
    const res = await stack.client().request('POST', '/auth/login', { body: { username: 'viewer', password: 'switchboard-demo' } });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-sb_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Domain');
  });

  it('limits body sizes', async () => {
    const res = await stack.client().request('POST', '/auth/login', { body: { username: 'viewer', password: 'x'.repeat(20_000) } });
    expect(res.status).toBe(413);
  });
});

describe('sessions', () => {
  const sql = (text: string, params: unknown[] = []) => stack.app.ctx.db.query(text, params);

  it('issues a new id at every sign-in and ends the previous one', async () => {
    const client = await stack.login('viewer');
    const first = client.cookie!;
    await client.request('POST', '/auth/login', { body: { username: 'viewer', password: 'switchboard-demo' } });
    expect(client.cookie).not.toBe(first);
    expect((await stack.client(first).request('GET', '/auth/session')).status).toBe(401);
    expect((await client.request('GET', '/auth/session')).body).toEqual({ user: 'viewer', role: 'viewer', scopes: [...ROLE_SCOPES.viewer] });
  });

  it('ends after 30 idle minutes and after 12 hours in all', async () => {
    const idle = await stack.login('viewer');
    await sql(
      "UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE id_hash = (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT 1)",
    );
    expect((await idle.request('GET', '/auth/session')).status).toBe(401);
    const recent = await stack.login('viewer');
    await sql(
      "UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE id_hash = (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT 1)",
    );
    expect((await recent.request('GET', '/auth/session')).status).toBe(200);
    const old = await stack.login('viewer');
    await sql(
      "UPDATE sessions SET created_at = now() - interval '12 hours 1 minute' WHERE id_hash = (SELECT id_hash FROM sessions ORDER BY created_at DESC LIMIT 1)",
    );
    expect((await old.request('GET', '/auth/session')).status).toBe(401);
  });

  it('is revoked when the user is disabled, and a disabled user cannot sign in', async () => {
    await addUser(stack.app.ctx.db, 'dora', 'operator', 'dora-password-123');
    const dora = await stack.login('dora', 'dora-password-123');
    const token = await dora.token(['calls:read']);
    await setUserEnabled(stack.app.ctx.db, 'dora', false);
    expect((await dora.request('GET', '/auth/session')).status).toBe(401);
    expect((await dora.request('GET', '/api/v1/calls', { token })).status).toBe(401);
    expect((await stack.client().request('POST', '/auth/login', { body: { username: 'dora', password: 'dora-password-123' } })).status).toBe(401);
  });

  it('logout ends the session on the server and sends Clear-Site-Data', async () => {
    const client = await stack.login('operator');
    const cookie = client.cookie!;
    const res = await client.request('POST', '/auth/logout');
    expect(res.status).toBe(204);
    expect(res.headers.get('clear-site-data')).toContain('"cookies"');
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-sb_session=;/);
    expect((await stack.client(cookie).request('GET', '/auth/session')).status).toBe(401);
  });

  it('answers null without a session cookie, 401 for an ended one, and 400 with field errors for a bad sign-in body', async () => {
    expect(await stack.client().request('GET', '/auth/session')).toMatchObject({ status: 200, body: null });
    const ended = await stack.client('__Host-sb_session=no-such-session-000000000000000000000000').request('GET', '/auth/session');
    expect(ended.status).toBe(401);
    expect(ended.headers.get('set-cookie')).toMatch(/^__Host-sb_session=;/);
    const res = await stack.client().request('POST', '/auth/login', { body: { username: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.field).sort()).toEqual(['password', 'username']);
  });
});

// Parallel guesses, forged X-Forwarded-For and spraying from one address: server/test/sign-in.test.ts.
describe('the sign-in rate limit', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('stops guessing one account from one address without locking the real user out elsewhere', async () => {
    const attacker = stack.client();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push(
        (await attacker.request('POST', '/auth/login', { body: { username: 'operator', password: `guess-${i}` }, headers: from('203.0.113.7') })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused from that address for now...
    const blocked = await attacker.request('POST', '/auth/login', {
      body: { username: 'operator', password: 'switchboard-demo' },
      headers: from('203.0.113.7'),
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...while the real user signs in from their own.
    await stack.login('operator', 'switchboard-demo', from('198.51.100.20'));
  });

  it('audits sign-ins and failures', async () => {
    const admin = await stack.login('admin');
    const page = await admin.request('GET', '/bff/audit?action=login&size=100');
    expect(page.status).toBe(200);
    const outcomes = new Set(page.body.content.map((e: any) => e.outcome));
    for (const o of ['ok', 'failed', 'rate-limited']) expect(outcomes).toContain(o);
    expect((await (await stack.login('operator')).request('GET', '/bff/audit')).status).toBe(403);
  });
});

describe('the API key', () => {
  it('appears in no response, header or log line of this suite, nor in the built SPA', () => {
    expect(stack.seen.length).toBeGreaterThan(100);
    expect(stack.logs.length).toBeGreaterThan(100);
    // Each request's line carries its id (the request's logger is made when it writes).
    const requestLines = stack.logs.flatMap((l) => l.split('\n')).filter((l) => l.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThan(100);
    for (const line of requestLines) expect(JSON.parse(line).reqId).toMatch(/^[0-9a-f-]{36}$/);
    expectNoKey(stack.keys, stack.seen, 'a response');
    expectNoKey(stack.keys, stack.logs, 'a log line');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(readFileSync(path, 'latin1'));
      }
    };
    try {
      walk('dist/client');
    } catch {
      // not built in this run: nothing to scan
    }
    expectNoKey(stack.keys, files, 'a built asset');
  });
});
