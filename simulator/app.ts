/**
 * startSimulator: the Voice API v1 simulator as one call — store, seed, clock, scheduler, the
 * twelve routes, and (with a control token) the /_sim/ control API.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorResponse } from '../contract/errors';
import { migrate, openDb, type Db } from '../common/db';
import { openTestDb } from '../common/test-db';
import { FaultRegistry } from './control/faults';
import { registerControlRoutes } from './control/routes';
import { Stats } from './control/stats';
import { Clock } from './domain/clock';
import { runUntil } from './domain/scheduler';
import { Credentials, RateLimiter } from './http/auth';
import { ApiError, sendError } from './http/errors';
import { registerApiRoutes } from './http/routes';
import { parseVariants, requestVariants, shapeError } from './http/variants';
import { registerMediaRoute } from './http/media';
import { seed } from './seed/seed';
import type { SimState } from './state';
import { convertKeptCalls } from './store/call-bodies';
import { MIGRATIONS } from './store/migrations';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from './keys';
import { frameworkMessages } from '../common/http-errors';

export interface SimulatorOptions {
  host?: string;
  port?: number;
  /** The store's PostgreSQL database; omitted: a throwaway one on the local server (TEST_DATABASE_URL), dropped on close (tests, the e2e stack). */
  databaseUrl?: string;
  reset?: boolean;
  seed?: number;
  seedCalls?: number;
  apiKey?: string;
  apiKeySecondary?: string;
  controlToken?: string;
  speed?: number;
  rateLimit?: number;
  maxConcurrency?: number;
  dailyQuota?: number;
  tokenTtlSeconds?: number;
  logger?: boolean;
  /** SIM_VARIANT: answer forms a real upstream may use (simulator/http/variants.ts); default strict. */
  variants?: string;
}

export { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY };
/** Bodies above this are refused with 413 (a 1,000-recipient campaign is far below). */
const BODY_LIMIT = 5 * 1024 * 1024;

export interface RunningSimulator {
  url: string;
  port: number;
  app: FastifyInstance;
  state: SimState;
  close(): Promise<void>;
}

async function openStore(options: SimulatorOptions): Promise<Db> {
  const db = options.databaseUrl ? await openDb({ url: options.databaseUrl }) : await openTestDb('sim');
  if (options.reset && options.databaseUrl) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  const applied = await migrate(db, MIGRATIONS);
  if (applied.includes('003_call_bodies')) await convertKeptCalls(db);
  // New indexes on kept data need statistics before the planner will use them.
  if (applied.length > 0) await db.exec('ANALYZE');
  return db;
}

const FRAMEWORK_MESSAGES = frameworkMessages(`The body is larger than ${BODY_LIMIT / 1024 / 1024} MB.`);

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const apiKey = options.apiKey ?? DEFAULT_SIM_API_KEY;
  const apiKeySecondary = options.apiKeySecondary ?? DEFAULT_SIM_API_KEY_SECONDARY;
  const clock = new Clock(options.speed ?? 1);
  const seedOptions = { seed: options.seed ?? 42, calls: options.seedCalls ?? 20_000, apiKey, apiKeySecondary, now: clock.now() };
  const db = await openStore(options);
  const state: SimState = {
    db,
    clock,
    limits: {
      maxConcurrency: options.maxConcurrency ?? 50,
      dailyQuota: options.dailyQuota ?? 10_000,
      rateLimit: options.rateLimit ?? 20,
      tokenTtlSeconds: options.tokenTtlSeconds ?? 900,
    },
    jwtSecret: randomBytes(32),
    faults: new FaultRegistry(),
    stats: new Stats(),
    callsVersion: 0,
    callCounts: new Map(),
    placing: Promise.resolve(),
    variants: parseVariants(options.variants),
  };

  const { rows: existing } = await db.query<{ customer_id: string }>('SELECT customer_id FROM api_keys WHERE key = $1', [apiKey]);
  let customerId = existing[0]?.customer_id;
  if (!customerId) {
    const { rows: any } = await db.query<{ id: string }>('SELECT id FROM customers LIMIT 1');
    if (any[0]) {
      // A kept dataset with a new key pair: give the pair to the existing customer.
      customerId = any[0].id;
      await db.query('INSERT INTO api_keys (key, customer_id) VALUES ($1, $3), ($2, $3) ON CONFLICT (key) DO NOTHING', [apiKey, apiKeySecondary, customerId]);
    } else {
      customerId = (await seed(db, seedOptions)).customerId;
    }
  }

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT, forceCloseConnections: true });
  const creds = new Credentials(state.db);
  const limiter = new RateLimiter(state.limits.rateLimit);

  // Every error, in the variants in force for the request (strict: as it is).
  const sendShaped = (request: FastifyRequest, reply: FastifyReply, error: ApiError) => {
    const variants = requestVariants(state, request);
    if (variants.size === 0 || request.url.startsWith('/_sim/')) return sendError(reply, error);
    const shaped = shapeError(errorResponse(error.status, error.message, error.errors), error.headers, variants, {
      path: request.url.split('?')[0] ?? '',
      now: Date.now(),
    });
    for (const [k, v] of Object.entries(shaped.headers)) reply.header(k, v);
    return reply.code(error.status).send(shaped.body);
  };
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return sendShaped(request, reply, error);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? (status === 500 ? 'The simulator failed to handle this request.' : error.message);
    return sendShaped(request, reply, new ApiError(status, message));
  });
  app.setNotFoundHandler((request, reply) => sendShaped(request, reply, new ApiError(404, `No route ${request.method} ${request.url.split('?')[0]}.`)));

  const hanging = new Set<() => void>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_sim/')) return;
    const action = state.faults.decide(request.method, request.url.split('?')[0] ?? '');
    if (action.kind === 'hang') {
      await new Promise<void>((resolve) => hanging.add(resolve));
      throw new ApiError(503, 'The simulator is shutting down.');
    }
    if (action.latencyMs > 0) await new Promise((r) => setTimeout(r, action.latencyMs));
    if (action.kind === 'reset') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (action.kind === 'status') {
      throw new ApiError(
        action.status,
        action.status === 429 ? 'Too many requests (injected).' : 'Service unavailable (injected).',
        [],
        action.retryAfter ? { 'Retry-After': String(action.retryAfter) } : {},
      );
    }
    if (action.kind === 'malformed') (request as { malformed?: boolean }).malformed = true;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request as { malformed?: boolean }).malformed && typeof payload === 'string') return payload.slice(0, Math.max(1, Math.floor(payload.length / 2)));
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/_sim/')) return;
    state.stats.record(`${request.method} ${request.routeOptions.url ?? 'unknown'}`, reply.statusCode);
  });

  registerApiRoutes(app, state, creds, limiter);
  registerMediaRoute(app, state);
  if (options.controlToken) registerControlRoutes(app, state, creds, limiter, options.controlToken, customerId);

  // The world moves on in real time too (scaled by the clock's speed).
  let last = clock.nowMs();
  let ticking = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    const now = clock.nowMs();
    runUntil(state, last, now)
      .then(() => {
        last = Math.max(last, now);
      })
      .catch((error) => app.log.error(error))
      .finally(() => {
        ticking = false;
      });
  }, 1000);
  timer.unref();

  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 4010 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 4010);
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    app,
    state,
    async close() {
      clearInterval(timer);
      for (const release of hanging) release();
      await app.close();
      await state.placing.catch(() => undefined);
      await state.db.close();
    },
  };
}
