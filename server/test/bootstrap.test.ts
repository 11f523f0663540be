/**
 * GET /auth/bootstrap over real HTTP against the simulator (issue 16): the session and the role's
 * read tokens in one answer, with the same rules as POST /auth/token (read scopes only, one scope a
 * token, bound to the session), never stored by a cache, and never held up long by the upstream.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_SCOPES } from '../../contract/bff/roles';
import { SessionBootstrap } from '../../contract/bff/http';
import { BOOTSTRAP_MINT_WAIT_MS } from '../routes/auth';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';
import { DEFAULT_CALLS_TABLE } from '../../contract/bff/preferences.plain';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ sessionCacheMs: 0 });
}, 180_000);
afterEach(async () => {
  await stack?.control('DELETE', '/_sim/faults');
});
afterAll(async () => {
  await stack?.close();
});

describe('GET /auth/bootstrap', () => {
  it('without a session cookie: nobody and no token', async () => {
    const res = await stack.client().request('GET', '/auth/bootstrap');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ session: null, tokens: [] });
  });

  for (const role of ['viewer', 'operator', 'admin'] as const) {
    it(`${role}: the session and one token per read scope of the role, each good for its scope only`, async () => {
      const client = await stack.login(role);
      const res = await client.request('GET', '/auth/bootstrap');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = SessionBootstrap.parse(res.body);
      expect(body.session).toEqual({ user: role, role, scopes: [...ROLE_SCOPES[role]] });
      const reads = ROLE_SCOPES[role].filter((s) => s.endsWith(':read'));
      expect(body.tokens.map((t) => t.scope).sort()).toEqual([...reads].sort());
      expect(body.tokens.every((t) => t.expiresIn > 0)).toBe(true);
      // Narrowest scope: the calls:read token reads calls, and is refused on agents.
      const calls = body.tokens.find((t) => t.scope === 'calls:read')!.token;
      expect((await client.request('GET', '/api/v1/calls?size=1', { token: calls })).status).toBe(200);
      expect((await client.request('GET', '/api/v1/agents?size=1', { token: calls })).status).toBe(403);
      expectNoKey(stack.keys, [res.text], 'bootstrap answer');
    });
  }

  it("brings the user's preferences, as GET /bff/preferences answers them", async () => {
    const client = await stack.login('operator');
    expect((await client.request('GET', '/auth/bootstrap')).body.preferences).toEqual({ timeZone: null, callsTable: DEFAULT_CALLS_TABLE });
    expect((await client.request('PUT', '/bff/preferences', { body: { timeZone: 'Asia/Tokyo' } })).status).toBe(200);
    const body = SessionBootstrap.parse((await client.request('GET', '/auth/bootstrap')).body);
    expect(body.preferences).toEqual({ timeZone: 'Asia/Tokyo', callsTable: DEFAULT_CALLS_TABLE });
    expect(body.preferences).toEqual((await client.request('GET', '/bff/preferences')).body);
    await client.request('PUT', '/bff/preferences', { body: { timeZone: null } });
  });

  it('a token of the bootstrap works in its own session only, and ends with it', async () => {
    const a = await stack.login('viewer');
    const b = await stack.login('viewer');
    const token = (await a.request('GET', '/auth/bootstrap')).body.tokens.find((t: { scope: string }) => t.scope === 'calls:read').token;
    expect((await b.request('GET', '/api/v1/calls?size=1', { token })).status).toBe(401);
    expect((await a.request('POST', '/auth/logout')).status).toBe(204);
    expect((await stack.client(undefined).request('GET', '/api/v1/calls?size=1', { token })).status).toBe(401);
  });

  it('a session that ended: 401 and the cookie cleared, like GET /auth/session', async () => {
    const client = await stack.login('viewer');
    const cookie = client.cookie;
    await client.request('POST', '/auth/logout');
    const res = await stack.client(cookie).request('GET', '/auth/bootstrap');
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toMatch(/__Host-sb_session=;/);
  });

  it('an upstream that does not mint in time: the session answers without tokens, and POST /auth/token still works', async () => {
    const client = await stack.login('viewer');
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/auth/token', latencyMs: BOOTSTRAP_MINT_WAIT_MS + 1500 });
    const started = Date.now();
    const res = await client.request('GET', '/auth/bootstrap');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(BOOTSTRAP_MINT_WAIT_MS + 1000);
    expect(res.body).toEqual({
      session: { user: 'viewer', role: 'viewer', scopes: [...ROLE_SCOPES.viewer] },
      tokens: [],
      preferences: { timeZone: null, callsTable: DEFAULT_CALLS_TABLE },
    });
    await stack.control('DELETE', '/_sim/faults');
    expect((await client.request('POST', '/auth/token', { body: { scope: ['calls:read'] } })).status).toBe(200);
  });

  it('an upstream that refuses to mint: the session still answers, without tokens', async () => {
    const client = await stack.login('viewer');
    await stack.control('POST', '/_sim/faults', { method: 'POST', path: '/v1/auth/token', status5xxRatio: 1 });
    const res = await client.request('GET', '/auth/bootstrap');
    expect(res.status).toBe(200);
    expect(res.body.session.user).toBe('viewer');
    expect(res.body.tokens).toEqual([]);
  });
});
