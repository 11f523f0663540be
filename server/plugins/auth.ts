/**
 * Sign-in with local accounts: POST /auth/login, POST /auth/logout, GET /auth/session, and
 * POST /auth/token (scoped upstream tokens for the signed-in role). Failed sign-ins are limited per
 * account and address together (a stranger cannot lock a real user out from elsewhere) and per
 * address overall.
 */
import type { FastifyInstance } from 'fastify';
import { LoginRequest } from '../../contract/bff/http';
import { ROLE_SCOPES } from '../../contract/bff/roles';
import { toValidationErrors } from '../../contract/errors';
import { TokenRequest } from '../../contract/schemas/token';
import type { Db } from '../../common/db';
import type { Config } from '../config';
import { HttpError, requireSession, sessionCookie, currentSession } from '../http';
import { audit } from '../services/audit';
import { decoyHash, verifyPassword } from '../services/passwords';
import { createSession, endSession } from '../services/sessions';
import type { TokenBroker } from '../services/token-broker';
import { findUser } from '../services/users';

const WINDOW_MS = 15 * 60_000;

/** Counts events per key in a sliding window (in memory; per process). */
class Limiter {
  private hits = new Map<string, number[]>();
  constructor(private readonly max: number, private readonly windowMs: number) {}
  blocked(key: string): boolean {
    const now = Date.now();
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    this.hits.set(key, list);
    return list.length >= this.max;
  }
  hit(key: string): void {
    this.hits.set(key, [...(this.hits.get(key) ?? []), Date.now()]);
    if (this.hits.size > 50_000) this.hits.clear();
  }
  clear(key: string): void {
    this.hits.delete(key);
  }
}

export function authPlugin(app: FastifyInstance, db: Db, config: Config, broker: TokenBroker): void {
  const cookie = sessionCookie(config);
  const perAccount = new Limiter(config.LOGIN_MAX_FAILURES, WINDOW_MS);
  const perAddress = new Limiter(config.LOGIN_MAX_FAILURES * 10, WINDOW_MS);
  const tokenRate = new Limiter(config.TOKEN_RATE_PER_MINUTE, 60_000);

  app.post('/auth/login', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const parsed = LoginRequest.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Enter your username and password.', toValidationErrors(parsed.error, request.body));
    const { username, password } = parsed.data;
    const accountKey = `${username.toLowerCase()}|${request.ip}`;
    if (perAccount.blocked(accountKey) || perAddress.blocked(request.ip)) {
      await audit(db, { username, action: 'login', outcome: 'rate-limited', status: 429, requestId: request.id });
      throw new HttpError(429, 'Too many failed sign-ins. Wait 15 minutes or ask an admin to reset your password.', [], { 'Retry-After': '900' });
    }
    const user = await findUser(db, username);
    const ok = user ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await decoyHash()), false);
    if (!user || !ok || !user.enabled) {
      perAccount.hit(accountKey);
      perAddress.hit(request.ip);
      await audit(db, { username, action: 'login', outcome: user && ok ? 'disabled' : 'failed', status: 401, requestId: request.id });
      throw new HttpError(401, 'The username or password is wrong.');
    }
    perAccount.clear(accountKey);
    // A new session id at every sign-in (no fixation), and the old one ends.
    await endSession(db, request.cookies[cookie.name]);
    const id = await createSession(db, user.id);
    await audit(db, { username, action: 'login', outcome: 'ok', status: 204, requestId: request.id });
    reply.setCookie(cookie.name, id, { path: '/', httpOnly: true, secure: cookie.secure, sameSite: 'strict' });
    return reply.code(204).send();
  });

  app.post('/auth/logout', async (request, reply) => {
    const session = await currentSession(request, db, config);
    await endSession(db, request.cookies[cookie.name]);
    if (session) {
      broker.forget(session.userId);
      await audit(db, { username: session.username, action: 'logout', outcome: 'ok', status: 204, requestId: request.id });
    }
    reply.clearCookie(cookie.name, { path: '/', httpOnly: true, secure: cookie.secure, sameSite: 'strict' });
    reply.header('Clear-Site-Data', '"cache", "storage"');
    return reply.code(204).send();
  });

  app.get('/auth/session', async (request) => {
    const session = await requireSession(request, db, config);
    return { user: session.username, role: session.role, scopes: ROLE_SCOPES[session.role] };
  });

  app.post('/auth/token', { bodyLimit: 4 * 1024 }, async (request) => {
    const session = await requireSession(request, db, config);
    if (tokenRate.blocked(String(session.userId))) throw new HttpError(429, 'Too many token requests; slow down.', [], { 'Retry-After': '60' });
    tokenRate.hit(String(session.userId));
    const parsed = TokenRequest.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Ask for a non-empty list of known scopes.', toValidationErrors(parsed.error, request.body));
    const allowed = ROLE_SCOPES[session.role];
    const refused = parsed.data.scope.filter((s) => !allowed.includes(s));
    if (refused.length > 0) {
      await audit(db, { username: session.username, action: 'token', route: 'POST /auth/token', outcome: `denied: ${refused.join(' ')}`, status: 403, requestId: request.id });
      throw new HttpError(403, `Your role (${session.role}) may not use: ${refused.join(', ')}.`);
    }
    const minted = await broker.get(session.userId, parsed.data.scope);
    if (parsed.data.scope.some((s) => s.endsWith(':write'))) {
      await audit(db, { username: session.username, action: 'token', route: 'POST /auth/token', outcome: `granted: ${[...parsed.data.scope].sort().join(' ')}`, status: 200, requestId: request.id });
    }
    return { token: minted.token, expiresIn: Math.max(0, Math.floor((minted.expiresAt - Date.now()) / 1000)), tokenType: 'Bearer' };
  });
}
