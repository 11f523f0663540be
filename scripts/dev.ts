/**
 * `npm run dev`: the simulator (when VOICE_API_BASE_URL is unset), the BFF (restarted when server/
 * changes) and Vite with hot reload on http://localhost:5173, which proxies /auth, /api and /bff to
 * the BFF so cookies stay same-origin. Ctrl-C stops all three.
 */
import { bffEnv, isEmbedded, simulatorEnv, simulatorUrl } from './lib/embedded';
import { startChild, stopAll, tsxArgs, waitForUrl, type Child } from './lib/children';

const env = process.env;
const children: Child[] = [];
let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stopAll(children);
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  if (isEmbedded(env)) {
    const sim = startChild('The simulator', process.execPath, tsxArgs('simulator/main.ts'), simulatorEnv(env));
    children.push(sim);
    await waitForUrl(`${simulatorUrl(env)}/v1/agents`, sim, { anyStatus: true });
  }
  const serverEnv: NodeJS.ProcessEnv = { ...bffEnv(env), LOG_LEVEL: env.LOG_LEVEL ?? 'info' };
  const port = serverEnv.PORT ?? '8080';
  const bff = startChild('The BFF', process.execPath, tsxArgs('server/server.ts', true), serverEnv);
  children.push(bff);
  await waitForUrl(`http://127.0.0.1:${port}/healthz`, bff);
  // vite.config.ts proxies to the BFF on PORT.
  const vite = startChild('Vite', process.execPath, ['node_modules/vite/bin/vite.js', '--strictPort'], { ...env, PORT: port });
  children.push(vite);
  await waitForUrl('http://localhost:5173/', vite);
  console.log('\nSwitchboard (development) on http://localhost:5173 — the SPA reloads as you edit; the BFF restarts when server/ changes.');
  if (isEmbedded(env)) console.log(`Demo accounts: viewer, operator, admin — password ${serverEnv.DEMO_PASSWORD}`);
  const first = await Promise.race(children.map((c) => c.exited.then((code) => ({ c, code }))));
  if (!stopping) {
    console.error(`${first.c.name} exited (code ${first.code}); stopping.`);
    await stop(1);
  }
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}
