/**
 * `npm run dev`: the embedded PostgreSQL server (when DATABASE_URL is unset), the simulator (when
 * VOICE_API_BASE_URL is unset), the BFF's web process and worker (restarted when server/ changes) and Vite with hot reload on http://localhost:5173, which proxies /auth, /api and /bff to
 * the BFF so cookies stay same-origin. Ctrl-C stops all three.
 */
import { EMBEDDED_DATABASES, useEmbeddedPostgres } from '../common/embedded-postgres';
import { bffEnv, demoAccountsMessage, isEmbedded, simulatorEnv, simulatorUrl } from './lib/embedded';
import { ChildGroup, tsxArgs, waitForUrl } from './lib/children';

const env = process.env;
const group = new ChildGroup();
await group.run(async () => {
  // The embedded PostgreSQL server (ADR 0031) when a process needs it: npm start's if it runs, else one for this run.
  const needed = [...(env.DATABASE_URL ? [] : [EMBEDDED_DATABASES.bff]), ...(isEmbedded(env) && !env.SIM_DATABASE_URL ? [EMBEDDED_DATABASES.simulator] : [])];
  const db = needed.length > 0 ? await useEmbeddedPostgres(needed, { dataDir: env.DB_DATA_DIR, log: (line) => console.log(line) }) : undefined;
  if (db) process.once('exit', () => void db.stop());
  const dbEnv = (name: string, database: string) => (db && needed.includes(database as never) ? { [name]: db.url(database) } : {});
  if (isEmbedded(env)) {
    const sim = group.start('The simulator', process.execPath, tsxArgs('simulator/main.ts'), {
      ...simulatorEnv(env),
      ...dbEnv('SIM_DATABASE_URL', EMBEDDED_DATABASES.simulator),
    });
    await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true });
  }
  const serverEnv: NodeJS.ProcessEnv = { ...bffEnv(env), ...dbEnv('DATABASE_URL', EMBEDDED_DATABASES.bff), LOG_LEVEL: env.LOG_LEVEL ?? 'info' };
  const port = serverEnv.PORT ?? '8080';
  const bff = group.start('The BFF', process.execPath, tsxArgs('server/server.ts', true), serverEnv);
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, bff);
  // The worker (ADR 0032), restarted when server/ changes like the web process.
  group.start('The worker', process.execPath, tsxArgs('server/worker.ts', true), { ...serverEnv, DEMO_ACCOUNTS: 'false' });
  // vite.config.ts proxies to the BFF on PORT.
  const vite = group.start('Vite', process.execPath, ['node_modules/vite/bin/vite.js', '--strictPort'], { ...env, PORT: port });
  await waitForUrl('http://localhost:5173/', vite);
  console.log('\nSwitchboard (development) on http://localhost:5173 — the SPA reloads as you edit; the BFF restarts when server/ changes.');
  // The BFF runs under a watcher here (no IPC channel): whether it created the accounts is not known.
  if (isEmbedded(env)) console.log(demoAccountsMessage(null, serverEnv.DEMO_PASSWORD!));
});
