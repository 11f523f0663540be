import { defineConfig, devices } from '@playwright/test';
// Every browser context of the run records a HAR and has its storage read before it closes.
import './e2e/secrets-recorder';
import type { StackPorts } from './e2e/fixtures';

/**
 * End-to-end suites drive Debian's Chromium (no browser download here) against the stack that
 * `npm start` runs (scripts/e2e-stack.ts) with fresh data. Two stacks, two projects, side by side:
 * - `faults` (e2e/faults.spec.ts) injects faults on every upstream read and write of its own stack
 *   (E2E_FAULTS_PORT, E2E_FAULTS_SIM_PORT), and spends most of its time waiting for timeouts;
 * - `journeys` (every other spec) runs on the other stack (E2E_PORT, E2E_SIM_PORT);
 * - `variant` runs the main journeys (tests tagged `@journey`, and e2e/variant.spec.ts) again on a
 *   third stack whose simulator answers in the `mixed` variant (simulator/http/variants.ts: fields
 *   left out when empty, unknown fields, a wrapped transcript, the recording by URL, creates
 *   answering the id only…), at E2E_VARIANT_PORT, E2E_VARIANT_SIM_PORT (PORT+20, SIM_PORT+20).
 * - `journeys-2` runs some of the journeys' files (SECOND_STACK) on a fourth stack of the same
 *   settings (PORT+30, SIM_PORT+30): on one stack the journeys took 11.7 of the run's 12 minutes
 *   while the other worker, done with the faults and the variant, waited 6 of them.
 * Each project runs its files one at a time; two projects run at once, so the faults' waits cost
 * little wall time. A spec reaches its stack through e2e/fixtures.ts (BFF_URL, SIM_URL).
 */
const PORT = Number(process.env.E2E_PORT ?? 18080);
const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 14010);
const STACKS: Record<'journeys' | 'journeys2' | 'faults' | 'variant', StackPorts & { indexIntervalSeconds: number; simVariant?: string }> = {
  // The journeys that wait for the call index (alerts, campaign progress) wait one interval at most.
  journeys: { port: PORT, simPort: SIM_PORT, indexIntervalSeconds: 10 },
  journeys2: {
    port: Number(process.env.E2E_JOURNEYS2_PORT ?? PORT + 30),
    simPort: Number(process.env.E2E_JOURNEYS2_SIM_PORT ?? SIM_PORT + 30),
    indexIntervalSeconds: 10,
  },
  // A minute apart: a sync pass seldom meets the faults injected for the screens.
  faults: {
    port: Number(process.env.E2E_FAULTS_PORT ?? PORT + 10),
    simPort: Number(process.env.E2E_FAULTS_SIM_PORT ?? SIM_PORT + 10),
    indexIntervalSeconds: 60,
  },
  variant: {
    port: Number(process.env.E2E_VARIANT_PORT ?? PORT + 20),
    simPort: Number(process.env.E2E_VARIANT_SIM_PORT ?? SIM_PORT + 20),
    indexIntervalSeconds: 10,
    simVariant: process.env.E2E_SIM_VARIANT ?? 'mixed',
  },
};
const FAULTS = /faults\.spec\.ts$/;
const VARIANT_ONLY = /variant\.spec\.ts$/;
/**
 * The journeys' files on the second journeys stack, so both workers end about together: with the
 * first three of them the run took 10.7 min, the other worker idle for its last 2.6. With the four
 * before first-load, a rehearsal's journeys took 656 s and the other worker's three projects 562 s;
 * first-load (44 s, byte counts only) evens them. The split depends on the machine: the journeys
 * are CPU-bound and the faults mostly wait out timeouts, so a slower CPU weighs on the journeys'
 * worker. A slow machine's rehearsal (2026-11-30, morning) put 1,439 s on the journeys and 1,050 s
 * on the other worker; with shell.spec moved over, the afternoon's faster machine put 717 s on the
 * journeys and 918 s on the other (shell 110 s of it), so shell.spec stays on the journeys: ~820 s
 * each that day.
 */
const SECOND_STACK = /\/(alerts|campaigns|filter-bar|screens-a11y|first-load)\.spec\.ts$/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two at once, not three: on a 2-core machine the third stack and browser made every step slow
  // enough for 15 s journeys to pass their timeout at the start of a run (the faults' project and
  // the journeys' run side by side; the variant's after one of them).
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry on CI (.ci/run sets CI): its two cores run two stacks and two browsers at once, and a
  // step there can take many times its usual time; a test that passes only on its retry is listed
  // as flaky in the report, and one that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  // Generous: a journey of 15 s alone took 31-40 s while the stacks started and backfilled beside it.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // The secrets reporter scans those HARs and storages (and dist/, and the stack's log) at the end.
  reporter: [['list'], ['./e2e/secrets-reporter.ts']],
  projects: [
    {
      name: 'journeys',
      testIgnore: [FAULTS, VARIANT_ONLY, SECOND_STACK],
      workers: 1,
      metadata: STACKS.journeys,
      use: { baseURL: `http://localhost:${STACKS.journeys.port}` },
    },
    {
      name: 'journeys-2',
      testMatch: SECOND_STACK,
      workers: 1,
      metadata: STACKS.journeys2,
      use: { baseURL: `http://localhost:${STACKS.journeys2.port}` },
    },
    { name: 'faults', testMatch: FAULTS, workers: 1, metadata: STACKS.faults, use: { baseURL: `http://localhost:${STACKS.faults.port}` } },
    {
      name: 'variant',
      testIgnore: FAULTS,
      // The main journeys, and the spec of the variant's own cases (its tests carry the tag too).
      grep: /@journey/,
      workers: 1,
      metadata: STACKS.variant,
      use: { baseURL: `http://localhost:${STACKS.variant.port}` },
    },
  ],
  use: {
    // On CI a trace is recorded for a test's retry only (its first try runs without): tracing takes a
    // screenshot of every frame, and on three journeys' files it cost 15 % of the CPU of Chromium and
    // Playwright (153 -> 130 s; the GPU process 21 -> 7 s, the browser 39 -> 34 s). A test that fails twice leaves the retry's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // What a person who asks for less motion gets: the skeletons' pulses stand still. Nothing the
    // journeys check moves, and a pulse left running redraws every frame: on calls.spec.ts (16
    // tests) Chromium's GPU process used 13.5 s of CPU with them and 7.9 s without (2026-11-30).
    reducedMotion: 'reduce',
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
  // The real stacks (scripts/e2e-stack.ts): simulator + BFF serving dist/client, fresh in-memory data.
  // E2E_STACKS=variant (a comma list) starts only those stacks: a run of one project on a shared machine.
  webServer: Object.entries(STACKS)
    .filter(([name]) => !process.env.E2E_STACKS || process.env.E2E_STACKS.split(',').includes(name))
    .map(([, { port, simPort, indexIntervalSeconds, simVariant }]) => ({
      command: 'npx tsx scripts/e2e-stack.ts',
      url: `http://127.0.0.1:${port}/healthz`,
      env: {
        E2E_PORT: String(port),
        E2E_SIM_PORT: String(simPort),
        E2E_FWD_PORT: String(simPort + 1),
        E2E_INDEX_INTERVAL_SECONDS: process.env.E2E_INDEX_INTERVAL_SECONDS ?? String(indexIntervalSeconds),
        E2E_SIM_VARIANT: simVariant ?? '',
        // The variant's simulator encodes MP3 and Ogg as it answers (e2e/variant.spec.ts asks for them on short calls).
        ...(simVariant ? { UPSTREAM_TIMEOUT_MS: process.env.UPSTREAM_TIMEOUT_MS ?? '20000' } : {}),
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
    })),
});
