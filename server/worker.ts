/**
 * The BFF's worker process (ADR 0032): `node dist/node/worker.mjs` (npm start runs one), with the
 * same settings as the web process. It answers no requests: it opens the database and the upstream
 * client (the services plugin) and runs the background work of server/background.ts (the index's
 * sync, alerts, do-not-call rules, webhooks and auto-pauses, the review queue, retention, the Voice
 * API checks admins ask for) with a heartbeat the web processes read. Several workers may run:
 * advisory locks give each task to one. SIGINT/SIGTERM stop it cleanly.
 */
import './threadpool';
import './memory';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { attachBackgroundServices, backgroundPlugin } from './background';
import { loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { servicesPlugin } from './plugins/services';
import { startFailureMessage } from './start-failure';

/** The worker as a Fastify instance that never listens: plugins give its tasks their lifecycle. */
export async function buildWorker(config: Config): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: createLogger(config) as Logger, pluginTimeout: 120_000 });
  await app.register(servicesPlugin, { config });
  attachBackgroundServices(app as unknown as FastifyInstance, config);
  await app.register(backgroundPlugin, { heartbeatId: randomUUID() });
  return app as unknown as FastifyInstance;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    // The worker never creates the demo accounts: the web process does, and says so.
    const app = await buildWorker(loadConfig({ ...process.env, DEMO_ACCOUNTS: 'false' }));
    await app.ready();
    app.log.info('Worker: running the background work.');
    const stop = () => void app.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(startFailureMessage(error, 'The Switchboard worker'));
    process.exit(1);
  }
}
