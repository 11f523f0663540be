/**
 * Sign-in with local accounts: POST /auth/login, POST /auth/logout, GET /auth/session, and
 * POST /auth/token (scoped, short-lived upstream READ tokens for the signed-in role, bound to the
 * session; write scopes are refused: writes go through the BFF's write routes).
 *
 * Sign-in attempts are counted before any work, in the database (server/services/auth/sign-in-limits.ts):
 * per account and address together, and per address and per account with larger budgets that,
 * once spent, still let in the pairs that signed in before.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginRequest, NoContent, SessionBootstrap, SessionState } from '../../contract/bff/http';
import { ROLE_SCOPES } from '../../contract/bff/roles';
import { Token, TokenRequest } from '../../contract/schemas/token';
import { HttpError, currentSession, sendError, SESSION_COOKIE, SESSION_COOKIE_OPTIONS } from '../http';
import { audit, auditCollapsed } from '../services/audit';
import { decoyHash, hashQueue, HashQueueFull, needsRehash, verifyPassword, type Hold } from '../services/auth/passwords';
import { readPreferences } from '../services/workspace/preferences';
import * as limits from '../services/auth/sign-in-limits';
import type { Session } from '../services/auth/sessions';
import { findUser, rehashPassword } from '../services/auth/users';
import { routesNeed } from '../plugins/session';

const isWriteScope = (scope: string) => scope.endsWith(':write');
/** How long GET /auth/bootstrap waits for the upstream to mint its read tokens before answering without them. */
export const BOOTSTRAP_MINT_WAIT_MS = 1500;

export const authPlugin: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db, config, sessions, broker } = ctx;
  // Signing in and out, and the session's own state: anyone (the token route below is a session's).
  routesNeed(app, 'public');

  app.post(
    '/auth/login',
    {
      bodyLimit: 8 * 1024,
      schema: { tags: ['auth'], summary: 'Sign in with a local account; sets the session cookie (204)', body: LoginRequest, response: { 204: NoContent } },
      config: { invalidMessage: 'Enter your username and password.' },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // The address's place in the hash queue's share comes first: its surplus is refused before it
      // costs the database anything (a burst's attempts, all on the address's one counter row, held a
      // pool connection each while they waited for its lock).
      let place: Hold;
      try {
        place = hashQueue.hold(request.ip);
      } catch (err) {
        throw busy(err);
      }
      try {
        return await signIn(request, reply, username, password, place);
      } finally {
        place.release();
      }
    },
  );

  /** A full hash queue, as the person is told it: their network's share (429) or everyone's (503). */
  const busy = (err: unknown): unknown =>
    err instanceof HashQueueFull
      ? new HttpError(
          err.scope === 'key' ? 429 : 503,
          err.scope === 'key'
            ? `Several sign-ins from your network are being checked; try again in ${err.retryAfterSeconds} seconds.`
            : `Sign-in is busy; try again in ${err.retryAfterSeconds} seconds.`,
          [],
          { 'Retry-After': String(err.retryAfterSeconds) },
        )
      : err;

  async function signIn(request: FastifyRequest, reply: FastifyReply, username: string, password: string, place: Hold) {
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
    // The same work whether or not the user exists, so timing does not reveal it. The check waits
    // in its address's lane of the hash queue, in the place the sign-in holds.
    const stored = user?.password_hash ?? (await decoyHash());
    const ok = await verifyPassword(password, stored, place).catch((err: unknown) => {
      throw busy(err);
    });
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
    // A hash made with earlier parameters (32 MiB per check) is replaced by today's (ADR 0023).
    if (needsRehash(user.password_hash)) await rehashPassword(db, user.id, user.password_hash, password);
    // A new session id at every sign-in (no fixation), and the previous one ends.
    await sessions.end(request.cookies[SESSION_COOKIE]);
    const id = await sessions.create(user.id);
    await audit(db, { username: user.username, action: 'login', route: 'POST /auth/login', outcome: 'ok', status: 204, requestId: request.id });
    reply.setCookie(SESSION_COOKIE, id, SESSION_COOKIE_OPTIONS);
    return reply.code(204).send();
  }

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'End the session, forget its tokens, clear the cookie (204)', response: { 204: NoContent } } },
    async (request, reply) => {
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
    },
  );

  // The session a request's cookie opens, named on the request's log line; a cookie that no longer
  // opens one is cleared and answered 401 (undefined: the answer is sent).
  const liveSession = async (request: FastifyRequest, reply: FastifyReply): Promise<Session | undefined> => {
    const session = await currentSession(request, ctx);
    if (!session) {
      reply.clearCookie(SESSION_COOKIE, SESSION_COOKIE_OPTIONS);
      sendError(reply, 401, 'Your session has ended. Sign in again.');
      return undefined;
    }
    (request as { user?: string }).user = session.username;
    return session;
  };

  // Who is signed in here. No cookie: nobody, which is an answer (200 null), not an error, so a
  // browser's first visit logs nothing. A cookie that no longer opens a session: 401 (it ended),
  // and the dead cookie is cleared so the next check is a plain "nobody".
  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], summary: 'Who is signed in here (null: nobody)', response: { 200: SessionState } } },
    async (request, reply) => {
      if (request.cookies[SESSION_COOKIE] === undefined) return null;
      const session = await liveSession(request, reply);
      if (!session) return;
      return { user: session.username, role: session.role, scopes: [...ROLE_SCOPES[session.role]] };
    },
  );

  // Who is signed in, and the read tokens the role's pages will ask for, in one answer: the page's
  // HTML asks for it while its code downloads, so a cold load's first upstream read need not wait
  // for a POST /auth/token after the code has run. The same rules as /auth/token: read scopes of the
  // role only, each token of exactly one scope, minted by the broker and bound to this session (the
  // proxy checks it); the broker's cache makes it one upstream mint per scope and session until
  // renewal, however often it is asked. The session never waits on the upstream for long: a token
  // not minted within BOOTSTRAP_MINT_WAIT_MS is left out (the broker still caches it when it
  // comes), and the SPA asks POST /auth/token for what is missing. no-store, like every dynamic route.
  app.get(
    '/auth/bootstrap',
    {
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in and a read token per read scope of the role (one scope each), in one answer',
        response: { 200: SessionBootstrap },
      },
    },
    async (request, reply) => {
      if (request.cookies[SESSION_COOKIE] === undefined) return { session: null, tokens: [] };
      const session = await liveSession(request, reply);
      if (!session) return;
      const scopes = ROLE_SCOPES[session.role];
      const reads = scopes.filter((s) => !isWriteScope(s));
      // The display zone (the first page's read is in it) comes in the same answer: no round trip
      // to GET /bff/preferences between the session and that read.
      const preferences = readPreferences(db, session.userId);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, BOOTSTRAP_MINT_WAIT_MS, null)));
      const minted = await Promise.all(
        reads.map((scope) =>
          Promise.race([
            broker.get(session, [scope]).then(
              (t) => ({ scope, token: t.token, expiresIn: Math.max(0, Math.floor((t.expiresAt - Date.now()) / 1000)) }),
              () => null,
            ),
            late,
          ]),
        ),
      );
      clearTimeout(timer);
      return {
        session: { user: session.username, role: session.role, scopes: [...scopes] },
        tokens: minted.filter((t) => t !== null),
        preferences: await preferences,
      };
    },
  );

  // The token route is a signed-in user's: its own scope, with the session hook.
  await app.register(async (scope) => {
    const signedIn = scope.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', app.requireSession);
    // Token requests per user and minute (@fastify/rate-limit, in this process's memory: a fixed
    // window per user; the sign-in limit above is the one that must hold across processes).
    await signedIn.register(rateLimit, {
      global: false,
      hook: 'onRequest',
      keyGenerator: (request) => String(request.session.userId),
      addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
      addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
      errorResponseBuilder: () => new HttpError(429, 'Too many token requests; slow down.'),
    });
    signedIn.post(
      '/auth/token',
      {
        bodyLimit: 4 * 1024,
        schema: {
          tags: ['auth'],
          summary: "A short-lived upstream read token for the role's scopes, bound to this session",
          body: TokenRequest,
          response: { 200: Token },
        },
        // Counted after the session hook, before the body is read.
        // The scopes asked for are checked against the role's in the permission table (ROLE_SCOPES).
        config: {
          permission: 'upstream-scope',
          invalidMessage: 'Ask for a non-empty list of known scopes.',
          rateLimit: { max: config.TOKEN_RATE_PER_MINUTE, timeWindow: 60_000 },
        },
      },
      async (request) => {
        const session = request.session;
        const scopes = request.body.scope;
        // Write scopes are never handed to a browser: the BFF makes writes itself (server/routes/writes.ts).
        const allowed = ROLE_SCOPES[session.role].filter((s) => !isWriteScope(s));
        const refused = [...new Set(scopes.filter((s) => !allowed.includes(s)))];
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
        const minted = await broker.get(session, scopes);
        return { token: minted.token, expiresIn: Math.max(0, Math.floor((minted.expiresAt - Date.now()) / 1000)), tokenType: 'Bearer' as const };
      },
    );
  });
};
