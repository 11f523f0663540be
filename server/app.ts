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
import { attachBackgroundServices, backgroundPlugin } from './background';
import type { Config } from './config';
import { childLoggerFactory, createLogger, routePattern } from './logger';
import { errorsPlugin } from './plugins/errors';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { sessionPlugin, type RouteAccess } from './plugins/session';
import { staticPlugin } from './plugins/static';
import { alertsPlugin } from './routes/alerts';
import { doNotCallRulesPlugin } from './routes/do-not-call-rules';
import { compliancePlugin } from './routes/compliance';
import { authPlugin } from './routes/auth';
import { callIndexPlugin } from './routes/call-index';
import { contactsPlugin } from './routes/contacts';
import { doNotCallPlugin } from './routes/do-not-call';
import { healthPlugin } from './routes/health';
import { livePlugin } from './routes/live';
import { oidcPlugin } from './routes/oidc';
import { outcomesPlugin } from './routes/outcomes';
import { preferencesPlugin } from './routes/preferences';
import { proxyPlugin } from './routes/proxy';
import { recipientZonesPlugin } from './routes/recipient-zones';
import { recordingsPlugin } from './routes/recordings';
import { redialPlugin } from './routes/redial';
import { reviewPlugin } from './routes/review';
import { upstreamCheckPlugin } from './routes/upstream-check';
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
  /**
   * Run the background work in this process (default true: tests, the in-process stack). The web
   * process (server.ts) passes false: its worker (worker.ts) runs it (ADR 0032).
   */
  background?: boolean;
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

  await app.register(servicesPlugin, { config, db: deps.db, sessionCacheMs: deps.sessionCacheMs, now: deps.upstreamNow });
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
  attachBackgroundServices(app as unknown as FastifyInstance, config, deps.upstreamNow);
  await app.register(callIndexPlugin, { index: app.ctx.callIndex! });
  await app.register(writesPlugin);
  await app.register(livePlugin);
  await app.register(preferencesPlugin);
  await app.register(doNotCallPlugin);
  await app.register(redialPlugin);
  await app.register(recipientZonesPlugin);
  await app.register(reviewPlugin);
  await app.register(alertsPlugin);
  await app.register(doNotCallRulesPlugin);
  await app.register(outcomesPlugin);
  await app.register(contactsPlugin);
  await app.register(compliancePlugin);
  await app.register(upstreamCheckPlugin);
  // The background work (ADR 0032): here unless this is a web process (server.ts), whose worker runs it.
  if (deps.background ?? true) await app.register(backgroundPlugin);
  else
    app.addHook('preClose', async () => {
      await app.ctx.callIndex?.stop();
      await app.ctx.alerts?.stop();
    });
  await app.register(staticPlugin);
  return app as unknown as BffApp;
}
