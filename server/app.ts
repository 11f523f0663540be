/**
 * buildApp(config, deps?): the BFF as one Fastify instance, assembled from registered plugins
 * (docs/bff.md, "How to add a BFF route"):
 * - infrastructure, shared with every route (fastify-plugin, not encapsulated): `services` (the
 *   database and services on `app.ctx`), `errors` (zod schemas in, ErrorResponse out), `session`
 *   (the `requireSession` hook), `security` (headers, CSRF guard, request ids), `static` (the SPA);
 * - route plugins (server/routes/), each its own encapsulated scope; those whose routes need a
 *   signed-in user add the session hook to that scope.
 * server.ts listens.
 */
import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Db } from '../common/db';
import type { Config } from './config';
import { childLoggerFactory, createLogger, routePattern } from './logger';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { sessionPlugin, type RouteAccess } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { CallIndexService } from './services/call-index/service';
import { AlertService } from './services/alerts/service';
import { alertsPlugin } from './routes/alerts';
import { doNotCallRulesPlugin } from './routes/do-not-call-rules';
import { authPlugin } from './routes/auth';
import { callIndexPlugin } from './routes/call-index';
import { doNotCallPlugin } from './routes/do-not-call';
import { healthPlugin } from './routes/health';
import { oidcPlugin } from './routes/oidc';
import { preferencesPlugin } from './routes/preferences';
import { proxyPlugin } from './routes/proxy';
import { recordingsPlugin } from './routes/recordings';
import { redialPlugin } from './routes/redial';
import { reviewPlugin } from './routes/review';
import { workspacePlugin } from './routes/workspace';
import { writesPlugin } from './routes/writes';

export interface AppDeps {
  /** An open database (tests, two processes on one server); else opened from the config. */
  db?: Db;
  /** Where log lines go (default stdout). */
  logStream?: Writable;
  /** How long a session read may come from memory (default 2000 ms; 0 in expiry tests). */
  sessionCacheMs?: number;
  /**
   * The upstream's clock (default: this machine's). The call index reads "today" by it, so the
   * alerts' windows end at the upstream's instant; tests give the simulator's (which they move).
   */
  upstreamNow?: () => Date;
}

/** A registered route: its method and URL, whether it has a schema, and the permission it declares. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: boolean;
  permission: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, in order (the CSRF suite enumerates them), and whether it has a schema. */
    routeList: RouteEntry[];
  }
}

/** The app: its services are on `app.ctx`, the routes it registered on `app.routeList`. */
export type BffApp = FastifyInstance;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<BffApp> {
  const app = Fastify({
    loggerInstance: createLogger(config, deps.logStream),
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger (with its id) is made when it first writes a line.
    childLoggerFactory: (logger, bindings, options) => childLoggerFactory(logger as Logger, bindings, options),
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
    // Opening and migrating an embedded store on a busy machine can take longer than Fastify's
    // default 10 s per plugin: the services plugin gets two minutes before the start fails.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeList.push({
        method,
        url: route.url,
        schema: route.schema !== undefined,
        // Read when asked: a plugin's own onRoute hook (routesNeed) declares it after this one ran.
        get permission() {
          return (route.config as { permission?: RouteAccess } | undefined)?.permission;
        },
      });
  });

  // One log line per request, after it ends: id, route pattern, status, time, user; never the path
  // as sent (it can carry a phone number), headers or bodies.
  app.addHook('onResponse', (request, reply, done) => {
    // Built only when it is written (LOG_LEVEL at info or below).
    if ((request.log as Logger).isLevelEnabled('info'))
      request.log.info(
        {
          method: request.method,
          route: routePattern(request),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          user: (request.session as typeof request.session | null)?.username,
        },
        'request',
      );
    done();
  });

  await app.register(servicesPlugin, { config, db: deps.db, sessionCacheMs: deps.sessionCacheMs });
  await app.register(errorsPlugin);
  await app.register(sessionPlugin);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityPlugin);
  // The BFF's own OpenAPI document, from the routes' zod schemas (`npm run bff:openapi` writes it).
  await app.register(openapiPlugin);

  await app.register(healthPlugin);
  await app.register(authPlugin);
  await app.register(oidcPlugin);
  await app.register(proxyPlugin);
  await app.register(recordingsPlugin);
  await app.register(workspacePlugin);
  const { ctx } = app;
  const callIndex = new CallIndexService(ctx.db, ctx.upstream, app.log, {
    enabled: config.INDEX_SYNC,
    intervalMs: config.INDEX_INTERVAL_SECONDS * 1000,
    backfillDays: config.INDEX_BACKFILL_DAYS,
    recentDays: config.INDEX_RECENT_DAYS,
    ratePerSecond: config.INDEX_RATE_PER_SECOND,
    concurrency: config.INDEX_CONCURRENCY,
    transcriptsPerPass: config.INDEX_TRANSCRIPTS_PER_PASS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    databaseUrl: config.DATABASE_URL,
    countCap: config.INDEX_COUNT_CAP,
    retentionDays: config.INDEX_RETENTION_DAYS,
    now: deps.upstreamNow,
  });
  ctx.callIndex = callIndex;
  await app.register(callIndexPlugin, { index: callIndex });
  // Sync starts when the app is ready (not while it is only being built) and stops before the database closes.
  app.addHook('onReady', async () => callIndex.start());
  app.addHook('preClose', async () => callIndex.stop());
  await app.register(writesPlugin);
  await app.register(preferencesPlugin);
  await app.register(doNotCallPlugin);
  await app.register(redialPlugin);
  await app.register(reviewPlugin);
  const alerts = new AlertService(ctx, app.log, {
    enabled: config.ALERTS,
    intervalMs: config.ALERTS_INTERVAL_SECONDS * 1000,
    retryBaseMs: config.ALERT_RETRY_BASE_MS,
    attempts: config.ALERT_RETRY_ATTEMPTS,
    timeoutMs: config.ALERT_WEBHOOK_TIMEOUT_MS,
    allowLoopback: config.ALERT_WEBHOOK_LOOPBACK,
    databaseUrl: config.DATABASE_URL,
  });
  ctx.alerts = alerts;
  await app.register(alertsPlugin);
  await app.register(doNotCallRulesPlugin);
  app.addHook('onReady', async () => alerts.start());
  app.addHook('preClose', async () => alerts.stop());
  await app.register(staticPlugin);
  return app as unknown as BffApp;
}
