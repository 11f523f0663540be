/**
 * What Playwright's webServer runs: the simulator on E2E_SIM_PORT (default 14010) and the BFF on
 * E2E_PORT (default 18080), fresh in-memory databases, demo accounts, 3000 seeded calls, the
 * simulator's rate limit off, the SPA from dist/client (run `npx vite build` first).
 */
import { startStack } from './stack';

const port = Number(process.env.E2E_PORT ?? 18080);
const simPort = Number(process.env.E2E_SIM_PORT ?? 14010);

const stack = await startStack({
  port,
  simPort,
  controlToken: 'e2e-control-token',
  seedCalls: 3000,
  simRateLimit: 0,
  demoAccounts: true,
  demoPassword: 'switchboard-demo',
  env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', STATIC_DIR: 'dist/client' },
});
console.log(`e2e stack: BFF ${stack.url}, simulator ${stack.simUrl}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void stack.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
