/**
 * OpenID Connect sign-in against a real local provider (oidc-provider, with its development
 * login and consent pages driven over HTTP like a browser would).
 */
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../services/auth/users';
import { expectNoKey, startTestStack, type TestStack } from '../testing/harness';
import { roleFromClaim, safeRedirect } from '../routes/oidc';

const ROLES: Record<string, unknown> = {
  olivia: 'operator',
  vera: ['viewer'],
  nobody: undefined,
  boss: ['viewer', 'admin'],
  admin: 'admin',
  impostor: 'admin',
};
/** Names a provider lets people choose: the impostor calls itself olivia. */
const NAMES: Record<string, string> = { impostor: 'olivia' };
let stack: TestStack;
let op: Server;
let issuer: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  const [bffPort, opPort] = [await freePort(), await freePort()];
  issuer = `http://127.0.0.1:${opPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'switchboard',
        client_secret: 'switchboard-client-secret',
        redirect_uris: [`http://127.0.0.1:${bffPort}/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ sub: id, preferred_username: NAMES[id] ?? id, switchboard_role: ROLES[id] }) };
    },
    claims: { openid: ['sub'], profile: ['preferred_username', 'switchboard_role'] },
    features: { devInteractions: { enabled: true } },
  });
  op = provider.listen(opPort, '127.0.0.1');
  stack = await startTestStack({
    port: bffPort,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${bffPort}`,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'switchboard',
      OIDC_CLIENT_SECRET: 'switchboard-client-secret',
      OIDC_SCOPES: 'openid profile',
    },
  });
}, 180_000);
afterAll(async () => {
  await stack?.close();
  await new Promise((r) => op?.close(r));
});

/** Plays the browser: follows redirects with a cookie jar, signs in and consents on the provider's pages. */
async function signIn(
  login: string,
  start = '/auth/oidc/login?redirect=/calls',
  jar = new Map<string, string>(),
): Promise<{ status: number; location: string | null; jar: Map<string, string>; body: any }> {
  let url = new URL(start, stack.url).href;
  let method = 'GET';
  let form: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      if (v.join('=') === '' || /expires=Thu, 01 Jan 1970/i.test(c)) jar.delete(k!);
      else jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    const onBff = url.startsWith(stack.url);
    if (onBff && url.includes('/auth/oidc/callback')) {
      const text = await res.text();
      return { status: res.status, location, jar, body: text ? JSON.parse(text) : undefined };
    }
    if (location) {
      url = new URL(location, url).href;
      [method, form] = ['GET', undefined];
      continue;
    }
    const html = await res.text();
    if (onBff) return { status: res.status, location, jar, body: html };
    const uid = /\/interaction\/([^/?"]+)/.exec(url)?.[1];
    if (!uid) throw new Error(`Unexpected provider page ${url}: ${res.status} ${html.slice(0, 200)}`);
    method = 'POST';
    form = html.includes('name="login"') ? `prompt=login&login=${encodeURIComponent(login)}&password=any` : 'prompt=consent';
    url = `${issuer}/interaction/${uid}`;
  }
  throw new Error('Too many redirects');
}

describe('OpenID Connect sign-in', () => {
  it('is announced to the SPA', async () => {
    expect((await stack.client().request('GET', '/auth/config')).body).toEqual({ local: true, oidc: { loginUrl: '/auth/oidc/login' } });
  });

  it('signs an operator in with the role from the claim and returns to where they were going', async () => {
    const result = await signIn('olivia');
    expect(result.status).toBe(303);
    expect(result.location).toBe('/calls');
    const cookie = result.jar.get('__Host-sb_session');
    expect(cookie).toBeTruthy();
    const client = stack.client(`__Host-sb_session=${cookie}`);
    expect((await client.request('GET', '/auth/session')).body).toMatchObject({ user: 'olivia', role: 'operator' });
    expect((await client.request('POST', '/auth/token', { body: { scope: ['calls:read'] } })).status).toBe(200);
    // Write scopes never reach a browser, whatever the role.
    expect((await client.request('POST', '/auth/token', { body: { scope: ['calls:write'] } })).status).toBe(403);
  });

  it("keys accounts on the provider's subject: another identity with the same name does not get the account", async () => {
    await signIn('olivia');
    const impostor = await signIn('impostor');
    expect(impostor.status).toBe(403);
    expect(impostor.body.message).toMatch(/another identity/);
    expect(impostor.jar.has('__Host-sb_session')).toBe(false);
    const { rows } = await stack.app.ctx.db.query<{ role: string; oidc_subject: string }>("SELECT role, oidc_subject FROM users WHERE username = 'olivia'");
    expect(rows).toEqual([{ role: 'operator', oidc_subject: 'olivia' }]);
    // Olivia herself still signs in.
    expect((await signIn('olivia')).status).toBe(303);
  });

  it('returns only to same-origin paths, a tab-smuggled one included', async () => {
    const result = await signIn('vera', '/auth/oidc/login?redirect=/%09/evil.example');
    expect(result.status).toBe(303);
    expect(result.location).toBe('/');
  });

  it('refuses plain-http issuers and upstreams outside this machine', async () => {
    const { loadConfig } = await import('../config');
    const base = { VOICE_API_KEY: 'key-12345678', PUBLIC_URL: 'https://switchboard.example', OIDC_CLIENT_ID: 'x' };
    expect(() => loadConfig({ ...base, VOICE_API_BASE_URL: 'https://voice.example', OIDC_ISSUER: 'http://idp.example' })).toThrow(/OIDC_ISSUER: Must be https/);
    expect(() => loadConfig({ ...base, VOICE_API_BASE_URL: 'http://voice.example' })).toThrow(/VOICE_API_BASE_URL: Must be https/);
    expect(loadConfig({ ...base, VOICE_API_BASE_URL: 'http://127.0.0.1:4010', OIDC_ISSUER: 'http://localhost:9000' }).OIDC_ISSUER).toBe(
      'http://localhost:9000',
    );
  });

  it('takes the highest role of a list claim', async () => {
    const result = await signIn('boss');
    const client = stack.client(`__Host-sb_session=${result.jar.get('__Host-sb_session')}`);
    expect((await client.request('GET', '/auth/session')).body.role).toBe('admin');
  });

  it('refuses a user without a Switchboard role, and never takes over a local account', async () => {
    const none = await signIn('nobody');
    expect(none.status).toBe(403);
    expect(none.body.message).toMatch(/no Switchboard role/);
    expect(none.jar.has('__Host-sb_session')).toBe(false);
    const local = await signIn('admin');
    expect(local.status).toBe(403);
    expect(local.body.message).toMatch(/local account/);
  });

  it('refuses a callback that did not start in this browser or is replayed', async () => {
    const forged = await fetch(`${stack.url}/auth/oidc/callback?code=abc&state=forged`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    const forgedWithCookie = await fetch(`${stack.url}/auth/oidc/callback?code=abc&state=forged`, {
      redirect: 'manual',
      headers: { cookie: '__Host-sb_oidc=forged' },
    });
    expect(forgedWithCookie.status).toBe(400);
  });

  it('keeps local accounts working alongside', async () => {
    await addUser(stack.app.ctx.db, 'local-lee', 'viewer', 'local-lee-password');
    expect((await (await stack.login('local-lee', 'local-lee-password')).request('GET', '/auth/session')).body.role).toBe('viewer');
  });

  it('only returns to same-origin paths and parses role claims strictly', () => {
    expect(safeRedirect('/calls?x=1')).toBe('/calls?x=1');
    for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', 'calls', undefined])
      expect(safeRedirect(bad)).toBe('/');
    expect(roleFromClaim('operator')).toBe('operator');
    expect(roleFromClaim(['viewer', 'admin'])).toBe('admin');
    expect(roleFromClaim('root')).toBeNull();
    expect(roleFromClaim(undefined)).toBeNull();
  });

  it('leaks the API key nowhere', () => {
    expectNoKey(stack.keys, stack.seen, 'a response');
    expectNoKey(stack.keys, stack.logs, 'a log line');
  });
});
