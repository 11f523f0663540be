/**
 * The BFF in its own process in front of a running simulator (BENCH_SIM_URL), as `npm start`
 * composes it: its database on a PostgreSQL server (a throwaway one on the local server, dropped on
 * exit; ADR 0031), the BFF's V8 and thread-pool settings (imported first, as server.ts does;
 * builtNode adds BFF_NODE_ARGS), demo accounts, the built SPA. Prints {url} when ready.
 */
import '../../server/threadpool';
import '../../server/memory';
import { openTestDb } from '../../common/test-db';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../../simulator/app';

const db = await openTestDb('bench_bff');
const config = loadConfig({
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  PORT: process.env.BENCH_BFF_PORT ?? '0',
  VOICE_API_BASE_URL: process.env.BENCH_SIM_URL,
  VOICE_API_KEY: DEFAULT_SIM_API_KEY,
  VOICE_API_KEY_SECONDARY: DEFAULT_SIM_API_KEY_SECONDARY,
  DEMO_ACCOUNTS: 'true',
  DEMO_PASSWORD: 'switchboard-demo',
  STATIC_DIR: 'dist/client',
  // The bench mints 100 tokens at once per round; the per-user limit would answer 429 to the rest.
  TOKEN_RATE_PER_MINUTE: '1000000',
  // The load runs sign hundreds of sessions in from one address at once: the sign-in limit (every
  // attempt counts before the hash) and the per-user session cap would refuse or end most of them.
  LOGIN_MAX_FAILURES: '100000',
  SESSIONS_PER_USER: '1000',
});
const app = await buildApp(config, { db });
await app.listen({ host: '127.0.0.1', port: config.PORT });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
const stop = () =>
  void app
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
