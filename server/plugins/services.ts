/**
 * The services every route plugin shares, built once per app and decorated on the root (wrapped
 * with fastify-plugin, so not encapsulated): `app.ctx` holds the settings, the database, the
 * session store, the token broker, the upstream client and the imports' reader. Closed with the app.
 */
import fp from 'fastify-plugin';
import { migrate, openDb, type Db } from '../../common/db';
import { ConfigError, type Config } from '../config';
import type { Ctx } from '../context';
import { MIGRATIONS } from '../db/migrations';
import { markStale } from '../services/idempotency';
import { SessionStore } from '../services/auth/sessions';
import { TokenBroker } from '../services/auth/token-broker';
import { Upstream } from '../services/upstream/upstream';
import { ImportReader } from '../services/do-not-call/import-reader';
import { ensureDemoUsers } from '../services/auth/users';
import { staleAfterMs } from '../services/writes/writes';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
}

export interface ServicesOptions {
  config: Config;
  /** An open database (tests, two processes on one server); else opened from the config and closed with the app. */
  db?: Db;
  /** How long a session read may come from memory (default 2000 ms; 0 in expiry tests). */
  sessionCacheMs?: number;
  /** The upstream's clock (AppDeps.upstreamNow). */
  now?: () => Date;
}

export const servicesPlugin = fp<ServicesOptions>(
  async (app, { config, db: given, sessionCacheMs, now }) => {
    if (!given && !config.DATABASE_URL)
      throw new ConfigError('DATABASE_URL is not set: point it at a PostgreSQL server (npm start sets it to its embedded one).');
    const db = given ?? (await openDb({ url: config.DATABASE_URL! }));
    await migrate(db, MIGRATIONS, 'bff_migrations');
    const demoAccounts = config.DEMO_ACCOUNTS ? await ensureDemoUsers(db, config.DEMO_PASSWORD) : null;
    // Never the password: the launcher (npm start) prints it when the accounts are new.
    if (demoAccounts) app.log.info(demoAccounts, 'Demo accounts.');

    const upstream = new Upstream(config.VOICE_API_BASE_URL, [config.VOICE_API_KEY, config.VOICE_API_KEY_SECONDARY], config.UPSTREAM_TIMEOUT_MS, app.log);
    const sessions = new SessionStore(db, {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      cacheMs: sessionCacheMs ?? 2000,
      maxPerUser: config.SESSIONS_PER_USER,
    });
    const broker = new TokenBroker(sessions, upstream);
    const imports = new ImportReader();
    const ctx: Ctx = { config, db, sessions, broker, upstream, imports, demoAccounts, now };
    app.decorate('ctx', ctx);
    // A create left in flight by a process that died: its outcome is unknown, not "in flight" for ever.
    const orphaned = await markStale(db, staleAfterMs(ctx));
    if (orphaned > 0) app.log.warn({ orphaned }, 'Creates left in flight by a stopped process are now marked "outcome unknown".');

    // Pruning is background work: server/background.ts.
    app.addHook('onClose', async () => {
      await upstream.close().catch(() => undefined);
      await imports.close().catch(() => undefined);
      if (!given) await db.close();
    });
  },
  { name: 'services' },
);
