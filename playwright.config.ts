import { defineConfig, devices } from '@playwright/test';
// Every browser context of the run records a HAR and has its storage read before it closes.
import './e2e/secrets-recorder';

/**
 * End-to-end suites drive Debian's Chromium (no browser download here) against the stack that
 * `npm start` runs (scripts/e2e-stack.ts), on test ports (E2E_PORT, E2E_SIM_PORT) with fresh data.
 */
const PORT = Number(process.env.E2E_PORT ?? 18080);
const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 14010);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The secrets reporter scans those HARs and storages (and dist/, and the stack's log) at the end.
  reporter: [['list'], ['./e2e/secrets-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The real stack (scripts/e2e-stack.ts): simulator + BFF serving dist/client, fresh in-memory data.
  webServer: {
    command: 'npx tsx scripts/e2e-stack.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    env: { E2E_PORT: String(PORT), E2E_SIM_PORT: String(SIM_PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
  },
});
