/**
 * buildApp(config, deps?): the BFF as one Fastify instance — security headers and the CSRF guard,
 * request ids and redacted logs, sessions and sign-in, token minting, the guarded proxy,
 * recordings, registry, drafts, saved views, audit, health, and the built SPA. server.ts listens.
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { migrate, openDb, verifyTables, type Db } from '../common/db';
import type { Config } from './config';
import type { Ctx } from './context';
import { MIGRATIONS } from './db/migrations';
import { HttpError, sendError } from './http';
import { createLogger } from './logger';
import { authPlugin } from './plugins/auth';
import { doNotCallPlugin } from './plugins/do-not-call';
import { redialPlugin } from './plugins/redial';
import { callIndexPlugin } from './plugins/call-index';
import { healthPlugin } from './plugins/health';
import { oidcPlugin } from './plugins/oidc';
import { preferencesPlugin } from './plugins/preferences';
import { proxyPlugin } from './plugins/proxy';
import { recordingsPlugin } from './plugins/recordings';
import { securityPlugin } from './plugins/security';
import { staticPlugin } from './plugins/static';
import { workspacePlugin } from './plugins/workspace';
import { CallIndexService } from './services/call-index/service';
import { writesPlugin } from './plugins/writes';
import { ALLOW_ALL, type DoNotCall } from './services/do-not-call';
import { markStale } from './services/idempotency';
import { schedulePruning } from './services/retention';
import { SessionStore } from './services/sessions';
import { TokenBroker } from './services/token-broker';
import { Upstream, UpstreamError } from './services/upstream';
import { ensureDemoUsers } from './services/users';
import { staleAfterMs } from './services/writes';

export interface AppDeps {
  /** An open database (tests, two processes on one server); else opened from the config. */
  db?: Db;
  /** Where log lines go (default stdout). */
  logStream?: Writable;
  /** How long a session read may come from memory (default 2000 ms; 0 in expiry tests). */
  sessionCacheMs?: number;
  /** The do-not-call list the write path asks (default: every number may be called). */
  dnc?: DoNotCall;
}

/** The app, its services, and the routes it registered (the CSRF suite enumerates them). */
export type BffApp = FastifyInstance & { ctx: Ctx; routeList: { method: string; url: string }[] };

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
};

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<BffApp> {
  const logger = createLogger(config, deps.logStream);
  const ownsDb = !deps.db;
  const db = deps.db ?? (await openDb({ url: config.DATABASE_URL, dataDir: config.BFF_DATA_DIR }));
  await migrate(db, MIGRATIONS, 'bff_migrations');
  // An embedded store is read through once at start: damage stops the start with a clear message.
  if (ownsDb && db.kind === 'pglite' && config.BFF_DATA_DIR) {
    await verifyTables(db, `in ${config.BFF_DATA_DIR}`).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  }
  if (config.DEMO_ACCOUNTS) await ensureDemoUsers(db, config.DEMO_PASSWORD);

  const upstream = new Upstream(config.VOICE_API_BASE_URL, [config.VOICE_API_KEY, config.VOICE_API_KEY_SECONDARY], config.UPSTREAM_TIMEOUT_MS, logger);
  const sessions = new SessionStore(db, {
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
    cacheMs: deps.sessionCacheMs ?? 2000,
    maxPerUser: config.SESSIONS_PER_USER,
  });
  const broker = new TokenBroker(sessions, upstream);
  const ctx: Ctx = { config, db, sessions, broker, upstream, dnc: deps.dnc ?? ALLOW_ALL };
  // A create left in flight by a process that died: its outcome is unknown, not "in flight" for ever.
  const orphaned = await markStale(db, staleAfterMs(ctx));
  if (orphaned > 0) logger.warn({ orphaned }, 'Creates left in flight by a stopped process are now marked "outcome unknown".');

  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // A hop count trusts that many proxies nearest the BFF (proxy-addr's rule); never every hop.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    forceCloseConnections: true,
    return503OnClosing: true,
    // A client must send its whole request in time (slow-drip connections are cut off with 408),
    // checked every second rather than Node's default 30 s. Idle keep-alive sockets close after
    // keepAliveTimeout (Fastify's 72 s, above the usual load balancer idle timeouts); no idle
    // timeout while a request is handled (a burst of sign-ins may queue for a while).
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { connectionsCheckingInterval: 1_000, headersTimeout: Math.min(config.REQUEST_TIMEOUT_MS, 10_000) },
  }) as unknown as BffApp;
  app.decorate('ctx', ctx);
  const routeList: { method: string; url: string }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  // One log line per request, after it ends: id, route, status, time, user; never headers or bodies.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: (request as { user?: string }).user,
      },
      'request',
    );
  });

  app.setErrorHandler((error: FastifyError | HttpError | UpstreamError, request, reply) => {
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return sendError(reply, error.status, error.message, error.errors);
    }
    if (error instanceof UpstreamError) {
      request.log.warn({ kind: error.kind }, error.message);
      if (error.kind === 'busy') {
        reply.header('Retry-After', error.retryAfter ?? '1');
        return sendError(reply, 429, error.message);
      }
      return sendError(reply, error.kind === 'timeout' ? 504 : 502, `${error.message} Try again in a moment.`);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: { message: error.message, code: error.code } }, 'unhandled error');
    const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? (status === 500 ? 'Switchboard failed to handle this request.' : error.message);
    return sendError(reply, status, message);
  });

  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  securityPlugin(app, config);
  healthPlugin(app, ctx);
  authPlugin(app, ctx);
  oidcPlugin(app, ctx);
  proxyPlugin(app, ctx);
  recordingsPlugin(app, ctx);
  workspacePlugin(app, ctx);
  const callIndex = new CallIndexService(db, upstream, logger, {
    enabled: config.INDEX_SYNC,
    intervalMs: config.INDEX_INTERVAL_SECONDS * 1000,
    backfillDays: config.INDEX_BACKFILL_DAYS,
    recentDays: config.INDEX_RECENT_DAYS,
    ratePerSecond: config.INDEX_RATE_PER_SECOND,
    concurrency: config.INDEX_CONCURRENCY,
    transcriptsPerPass: config.INDEX_TRANSCRIPTS_PER_PASS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    databaseUrl: config.DATABASE_URL,
  });
  ctx.callIndex = callIndex;
  callIndexPlugin(app, ctx, callIndex);
  // Sync starts when the app is ready (not while it is only being built) and stops before the database closes.
  app.addHook('onReady', async () => callIndex.start());
  app.addHook('preClose', async () => callIndex.stop());
  writesPlugin(app, ctx);
  preferencesPlugin(app, ctx);
  doNotCallPlugin(app, ctx);
  redialPlugin(app, ctx);
  await staticPlugin(app, config);

  const stopPruning = schedulePruning(
    db,
    {
      auditDays: config.AUDIT_RETENTION_DAYS,
      sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
      sessionAbsoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      draftDays: 7,
    },
    config.PRUNE_INTERVAL_MINUTES * 60_000,
    logger,
  );
  app.addHook('onClose', async () => {
    stopPruning();
    await upstream.close().catch(() => undefined);
    if (ownsDb) await db.close();
  });
  return app;
}
