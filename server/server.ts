/**
 * The BFF's web process: settings from the environment, buildApp, listen on PORT; SIGINT/SIGTERM
 * close cleanly. It runs no background work: `node dist/node/worker.mjs` does (ADR 0032).
 */
import './threadpool';
import './memory';
import { loadConfig } from './config';
import { buildApp } from './app';
import type { DemoAccounts } from './services/auth/users';
import { startFailureMessage } from './start-failure';

/** The message a BFF started with an IPC channel sends its launcher once it listens. */
export interface BffReady {
  type: 'switchboard:ready';
  demoAccounts: DemoAccounts | null;
}

export async function startServer(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  // The web process only answers: its worker (worker.ts) runs the background work (ADR 0032).
  const app = await buildApp(config, { background: false });
  await app.listen({ host: config.HOST, port: config.PORT });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const app = await startServer();
    // Started by npm start (an IPC channel): tell the launcher it is ready and what became of the
    // demo accounts, so it prints their password only when this start created them.
    if (process.send) {
      const ready: BffReady = { type: 'switchboard:ready', demoAccounts: app.ctx.demoAccounts };
      process.send(ready, () => process.disconnect?.());
    }
    const stop = () => void app.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    // Known start-up failures say what to do; anything else, one line (never a raw trace of bundled code).
    console.error(startFailureMessage(error, 'Switchboard'));
    process.exit(1);
  }
}
