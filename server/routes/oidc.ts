/**
 * OpenID Connect sign-in, when OIDC_ISSUER is set (authorization code flow with PKCE, state and
 * nonce, via openid-client). GET /auth/oidc/login?redirect=/calls sends the browser to the
 * provider; GET /auth/oidc/callback checks the answer, takes the role from OIDC_ROLE_CLAIM,
 * creates or updates the staff account (no usable password) and opens a session like /auth/login.
 * The pending state lives in the database (any BFF process may receive the callback) and is bound
 * to the browser by a short-lived SameSite=Lax cookie. GET /auth/config tells the SPA which
 * sign-in methods exist.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import { AuthConfig, OidcCallbackQuery, OidcLoginQuery, Redirect } from '../../contract/bff/http';
import { Role } from '../../contract/bff/roles';
import { HttpError, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../http';
import { audit } from '../services/audit';
import { startPending, takePending } from '../services/auth/oidc-pending';
import { oidcAccount } from '../services/auth/users';
import { routesNeed } from '../plugins/session';

const STATE_COOKIE = '__Host-sb_oidc';
const PENDING_MINUTES = 10;
const RANK: Record<Role, number> = { viewer: 1, operator: 2, admin: 3 };

const BASE = 'https://switchboard.invalid';

/**
 * A same-origin path to return to after sign-in; anything else goes home. Judged as a browser
 * reads it: control characters and backslashes are refused outright (browsers drop tabs and
 * newlines, so `/%09/evil.example` would become `//evil.example`), then the URL must resolve to
 * this origin.
 */
export function safeRedirect(value: unknown): string {
  // eslint-disable-next-line no-control-regex
  if (typeof value !== 'string' || !value.startsWith('/') || value.length > 2000 || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The highest Switchboard role named by the claim (a string or a list), or null. */
export function roleFromClaim(value: unknown): Role | null {
  const values = Array.isArray(value) ? value : [value];
  const roles = values.map((v) => Role.safeParse(v)).flatMap((r) => (r.success ? [r.data] : []));
  return roles.sort((a, b) => RANK[b] - RANK[a])[0] ?? null;
}

/** A route the browser navigates to: it answers 303 (no body) to `to`. */
const redirecting = <Q extends z.ZodType>(summary: string, querystring: Q, to: string) => ({
  schema: { tags: ['auth'], summary, querystring, response: { 303: Redirect(to) } },
});

export const oidcPlugin: FastifyPluginAsyncZod = async (app) => {
  const { config, db, sessions } = app.ctx;
  const enabled = !!config.OIDC_ISSUER && !!config.OIDC_CLIENT_ID && !!config.PUBLIC_URL;
  // Signing in: anyone, no session.
  routesNeed(app, 'public');

  app.get('/auth/config', { schema: { tags: ['auth'], summary: 'Which sign-in methods exist', response: { 200: AuthConfig } } }, async () => ({
    local: true as const,
    oidc: enabled ? { loginUrl: '/auth/oidc/login' } : null,
  }));
  if (!enabled) return;

  const redirectUri = `${new URL(config.PUBLIC_URL!).origin}/auth/oidc/callback`;
  let discovered: Promise<oidc.Configuration> | null = null;
  // Discovered on first use (and again after a failure), so the BFF starts while the provider is down.
  const configuration = () => {
    discovered ??= oidc
      .discovery(new URL(config.OIDC_ISSUER!), config.OIDC_CLIENT_ID!, config.OIDC_CLIENT_SECRET, undefined, {
        execute: new URL(config.OIDC_ISSUER!).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: Math.ceil(config.UPSTREAM_TIMEOUT_MS / 1000),
      })
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };

  app.get(
    '/auth/oidc/login',
    redirecting('Sign in through the OpenID Connect provider (303 to it)', OidcLoginQuery, "to the provider's sign-in page"),
    async (request, reply) => {
      const provider = await configuration().catch(() => {
        throw new HttpError(502, 'The sign-in provider cannot be reached. Try again in a moment.');
      });
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const verifier = oidc.randomPKCECodeVerifier();
      await startPending(db, { state, codeVerifier: verifier, nonce, redirect: safeRedirect(request.query.redirect) }, PENDING_MINUTES);
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: config.OIDC_SCOPES,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      reply.setCookie(STATE_COOKIE, state, { path: '/', httpOnly: true, secure: true, sameSite: 'lax', maxAge: PENDING_MINUTES * 60 });
      return reply.redirect(url.href, 303);
    },
  );

  app.get(
    '/auth/oidc/callback',
    redirecting("The provider's answer: opens a session (303 back)", OidcCallbackQuery, 'back to the page the sign-in started from'),
    async (request, reply) => {
      const url = new URL(request.url, redirectUri);
      const state = url.searchParams.get('state') ?? '';
      reply.clearCookie(STATE_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'lax' });
      if (!state || request.cookies[STATE_COOKIE] !== state) throw new HttpError(400, 'This sign-in did not start in this browser. Start again.');
      const pending = await takePending(db, state, PENDING_MINUTES);
      if (!pending) throw new HttpError(400, 'This sign-in expired or was already used. Start again.');
      let claims: Record<string, unknown>;
      try {
        const provider = await configuration();
        const tokens = await oidc.authorizationCodeGrant(provider, url, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
        });
        claims = { ...(tokens.claims() ?? {}) };
        if (!(config.OIDC_ROLE_CLAIM in claims)) {
          claims = { ...claims, ...(await oidc.fetchUserInfo(provider, tokens.access_token, String(claims.sub))) };
        }
      } catch (error) {
        request.log.warn({ err: { message: (error as Error).message } }, 'OIDC sign-in failed');
        await audit(db, { username: null, action: 'login-oidc', route: 'GET /auth/oidc/callback', outcome: 'failed', status: 401, requestId: request.id });
        throw new HttpError(401, 'The sign-in provider did not confirm who you are. Start again.');
      }
      const username = String(claims.preferred_username ?? claims.email ?? claims.sub).slice(0, 100);
      const role = roleFromClaim(claims[config.OIDC_ROLE_CLAIM]);
      if (!role) {
        await audit(db, { username, action: 'login-oidc', route: 'GET /auth/oidc/callback', outcome: 'no-role', status: 403, requestId: request.id });
        throw new HttpError(403, `Your account has no Switchboard role (claim ${config.OIDC_ROLE_CLAIM}). Ask an admin.`);
      }
      // The account is keyed on the provider's (issuer, sub), never on the name (oidcAccount).
      const issuerId = config.OIDC_ISSUER!;
      const subject = String(claims.sub ?? '');
      const user = await oidcAccount(db, { issuer: issuerId, subject, username, role });
      if (!user) {
        // The name belongs to a local account or to another identity: neither is taken over.
        await audit(db, {
          username,
          action: 'login-oidc',
          route: 'GET /auth/oidc/callback',
          outcome: 'account-conflict',
          status: 403,
          requestId: request.id,
        });
        throw new HttpError(403, `An account named ${username} already exists (a local account or another identity); ask an admin to rename one of them.`);
      }
      if (!user.enabled) {
        await audit(db, { username, action: 'login-oidc', route: 'GET /auth/oidc/callback', outcome: 'disabled', status: 403, requestId: request.id });
        throw new HttpError(403, 'Your Switchboard account is disabled. Ask an admin.');
      }
      await sessions.end(request.cookies[SESSION_COOKIE]);
      const id = await sessions.create(user.id);
      await audit(db, { username, action: 'login-oidc', route: 'GET /auth/oidc/callback', outcome: 'ok', status: 303, requestId: request.id });
      reply.setCookie(SESSION_COOKIE, id, SESSION_COOKIE_OPTIONS);
      return reply.redirect(pending.redirect, 303);
    },
  );
};
