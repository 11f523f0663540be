/**
 * Sign-in with local accounts: POST /auth/login, POST /auth/logout, GET /auth/session, and
 * POST /auth/token (scoped, short-lived upstream READ tokens for the signed-in role, bound to the
 * session; write scopes are refused: writes go through the BFF's write routes).
 *
 * Sign-in attempts are counted before any work, in the database (server/services/sign-in-limits.ts):
 * per account and address together, and per address and per account with larger budgets that,
 * once spent, still let in the pairs that signed in before.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LoginRequest, type SessionState } from '../../contract/bff/http';
import { ROLE_SCOPES } from '../../contract/bff/roles';
import { toValidationErrors } from '../../contract/errors';
import { TokenRequest } from '../../contract/schemas/token';
import type { Ctx } from '../context';
import { HttpError, requireSession, currentSession, sendError, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../http';
import { audit, auditCollapsed } from '../services/audit';
import { Limiter } from '../services/limiter';
import { decoyHash, verifyPassword } from '../services/passwords';
import * as limits from '../services/sign-in-limits';
import { findUser } from '../services/users';

const isWriteScope = (scope: string) => scope.endsWith(':write');

export function authPlugin(app: FastifyInstance, ctx: Ctx): void {
  const { db, config, sessions, broker } = ctx;
  const tokenRate = new Limiter(config.TOKEN_RATE_PER_MINUTE, 60_000);

  app.post('/auth/login', { bodyLimit: 8 * 1024 }, async (request, reply) => {
    const parsed = LoginRequest.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Enter your username and password.', toValidationErrors(parsed.error, request.body));
    const { username, password } = parsed.data;
    // Counted before the lookup and the hash, atomically, in the database (every process sees it).
    const verdict = await limits.admit(db, username, request.ip, config.LOGIN_MAX_FAILURES);
    if (!verdict.ok) {
      const wait = verdict.retryAfterSeconds;
      await auditCollapsed(
        db,
        { username, action: 'login', route: 'POST /auth/login', outcome: 'rate-limited', status: 429, requestId: request.id },
        `login-rate-limited|${username.toLowerCase()}|${request.ip}`,
      );
      throw new HttpError(
        429,
        verdict.reason === 'pair'
          ? `Too many failed sign-ins for this account from here. Try again in ${Math.ceil(wait / 60)} minutes, or ask an admin to reset your password.`
          : `Too many failed sign-ins ${verdict.reason === 'address' ? 'from this network' : 'for this account'}; only places this account signed in from before are let in for now. Try again in ${Math.ceil(wait / 60)} minutes.`,
        [],
        { 'Retry-After': String(wait) },
      );
    }
    const user = await findUser(db, username);
    // The same work whether or not the user exists, so timing does not reveal it.
    const ok = user ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await decoyHash()), false);
    if (!user || !ok || !user.enabled) {
      await audit(db, {
        username,
        action: 'login',
        route: 'POST /auth/login',
        outcome: user && ok ? 'disabled' : 'failed',
        status: 401,
        requestId: request.id,
      });
      throw new HttpError(401, 'The username or password is wrong.');
    }
    await limits.succeeded(db, username, request.ip);
    // A new session id at every sign-in (no fixation), and the previous one ends.
    await sessions.end(request.cookies[SESSION_COOKIE]);
    const id = await sessions.create(user.id);
    await audit(db, { username: user.username, action: 'login', route: 'POST /auth/login', outcome: 'ok', status: 204, requestId: request.id });
    reply.setCookie(SESSION_COOKIE, id, SESSION_COOKIE_OPTIONS);
    return reply.code(204).send();
  });

  app.post('/auth/logout', async (request, reply) => {
    const session = await currentSession(request, ctx);
    // The session's row goes, and with it every token minted in it: they stop working at once.
    const ended = await sessions.end(request.cookies[SESSION_COOKIE]);
    if (ended) broker.forgetSession(ended);
    if (session) {
      await audit(db, { username: session.username, action: 'logout', route: 'POST /auth/logout', outcome: 'ok', status: 204, requestId: request.id });
    }
    reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
    reply.header('Clear-Site-Data', '"cache", "cookies", "storage"');
    return reply.code(204).send();
  });

  // Who is signed in here. No cookie: nobody, which is an answer (200 null), not an error, so a
  // browser's first visit logs nothing. A cookie that no longer opens a session: 401 (it ended),
  // and the dead cookie is cleared so the next check is a plain "nobody".
  app.get('/auth/session', async (request, reply): Promise<SessionState | FastifyReply> => {
    if (request.cookies[SESSION_COOKIE] === undefined) return null;
    const session = await currentSession(request, ctx);
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
      return sendError(reply, 401, 'Your session has ended. Sign in again.');
    }
    (request as { user?: string }).user = session.username;
    return { user: session.username, role: session.role, scopes: [...ROLE_SCOPES[session.role]] };
  });

  app.post('/auth/token', { bodyLimit: 4 * 1024 }, async (request) => {
    const session = await requireSession(request, ctx);
    const wait = tokenRate.blockedFor(String(session.userId));
    if (wait > 0) throw new HttpError(429, 'Too many token requests; slow down.', [], { 'Retry-After': String(wait) });
    tokenRate.hit(String(session.userId));
    const parsed = TokenRequest.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Ask for a non-empty list of known scopes.', toValidationErrors(parsed.error, request.body));
    // Write scopes are never handed to a browser: the BFF makes writes itself (server/plugins/writes.ts).
    const allowed = ROLE_SCOPES[session.role].filter((s) => !isWriteScope(s));
    const refused = [...new Set(parsed.data.scope.filter((s) => !allowed.includes(s)))];
    if (refused.length > 0) {
      await audit(db, {
        username: session.username,
        action: 'token',
        route: 'POST /auth/token',
        outcome: `denied: ${refused.join(' ')}`,
        status: 403,
        requestId: request.id,
      });
      const writes = refused.filter(isWriteScope);
      throw new HttpError(
        403,
        `Your role (${session.role}) may not use: ${refused.join(', ')}.` +
          (writes.length > 0 ? ' Write scopes are never issued to the browser; changes go through the BFF (/bff/...).' : ''),
        refused.map((s) => ({
          field: 'scope',
          message: isWriteScope(s) ? `Write scopes are not issued to the browser: ${s}` : `Not allowed for ${session.role}: ${s}`,
          rejectedValue: s,
        })),
      );
    }
    const minted = await broker.get(session, parsed.data.scope);
    return { token: minted.token, expiresIn: Math.max(0, Math.floor((minted.expiresAt - Date.now()) / 1000)), tokenType: 'Bearer' as const };
  });
}
