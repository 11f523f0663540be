/**
 * What Playwright's webServer runs: the simulator on E2E_SIM_PORT (default 14010) and the BFF on
 * E2E_PORT (default 18080) (in the variants of E2E_SIM_VARIANT, if set), fresh in-memory databases, demo accounts, 3000 seeded calls, the
 * simulator's rate limit off, the SPA from dist/client (run `npx vite build` first).
 *
 * The BFF reaches the simulator through a small TCP forwarder on E2E_FWD_PORT (default
 * E2E_SIM_PORT + 1), so "the upstream is down" is real: a `down` fault (POST /_sim/faults
 * {"path":"/v1/*","down":true}) closes the forwarder's port and drops its connections — the BFF
 * gets ECONNREFUSED — until DELETE /_sim/faults reopens it. Tests still read the simulator directly.
 *
 * The BFF's key pair are canary values (e2e/secrets-recorder.ts looks for them in every HAR and
 * browser storage of the run); the old default key stays valid upstream for the specs that read
 * the simulator with it (it is never given to the BFF).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { createServer, connect, type Socket } from 'node:net';
import { startSimulator, DEFAULT_SIM_API_KEY } from '../simulator/app';
import { e2eStackFile } from './lib/e2e-stack-files';
import { startStack } from './stack';

const port = Number(process.env.E2E_PORT ?? 18080);
const simPort = Number(process.env.E2E_SIM_PORT ?? 14010);
const fwdPort = Number(process.env.E2E_FWD_PORT ?? simPort + 1);
const host = '127.0.0.1';
const E2E_API_KEY = 'canary-primary-5b1f0c7e9a2d4e68b3c1';
const E2E_API_KEY_SECONDARY = 'canary-secondary-8d4a2f6b0e1c3a57d9e2';

const sim = await startSimulator({
  host,
  port: simPort,
  controlToken: 'e2e-control-token',
  seed: 42,
  seedCalls: 3000,
  rateLimit: 0,
  apiKey: E2E_API_KEY,
  apiKeySecondary: E2E_API_KEY_SECONDARY,
  // The variant project's stack: the simulator answers in these forms (simulator/http/variants.ts).
  variants: process.env.E2E_SIM_VARIANT,
});
await sim.state.db.query('INSERT INTO api_keys (key, customer_id) SELECT $1, customer_id FROM api_keys WHERE key = $2 ON CONFLICT (key) DO NOTHING', [
  DEFAULT_SIM_API_KEY,
  E2E_API_KEY,
]);

// The forwarder: bytes both ways; closed (port refused, live connections dropped) while a `down` fault holds.
const sockets = new Set<Socket>();
const forwarder = createServer((client) => {
  const upstream = connect(sim.port, host);
  for (const s of [client, upstream]) {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {
      client.destroy();
      upstream.destroy();
    });
  }
  client.pipe(upstream).pipe(client);
});
const listen = () => new Promise<void>((resolve, reject) => forwarder.once('error', reject).listen(fwdPort, host, () => resolve()));
await listen();
sim.state.faults.onDownChange((down) => {
  if (down) {
    forwarder.close();
    for (const s of sockets) s.destroy();
  } else if (!forwarder.listening) {
    listen().catch((error) => console.error('e2e stack: the forwarder could not reopen', error));
  }
});

// Every BFF log line (info: one per request) goes to a file that e2e/secrets-reporter.ts scans for
// the keys; warnings and errors also to stdout, where Playwright shows them.
const logFile = e2eStackFile(port, 'log');
writeFileSync(logFile, '');
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    appendFileSync(logFile, chunk);
    if (Number(/"level":(\d+)/.exec(chunk.toString('utf8'))?.[1] ?? 50) >= 40) process.stdout.write(chunk);
    done();
  },
});

const stack = await startStack({
  logStream,
  host,
  port,
  sim: { ...sim, url: `http://${host}:${fwdPort}` },
  apiKey: E2E_API_KEY,
  apiKeySecondary: E2E_API_KEY_SECONDARY,
  demoAccounts: true,
  demoPassword: 'switchboard-demo',
  env: {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // E2E_STATIC_DIR: a private copy of the build, for a run that must not see a rebuild of dist/client midway.
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist/client',
    // 7 s instead of 10: e2e/faults.spec.ts injects 5 s of latency (must still load: below the
    // timeout with room for a busy machine) and hangs (must end in a 504 soon enough that a screen
    // retrying once shows its error within the test's budget).
    UPSTREAM_TIMEOUT_MS: process.env.UPSTREAM_TIMEOUT_MS ?? '7000',
    // The call index (Insights, index filters): the first pass indexes the seeded window and every
    // transcript in seconds; later passes come a minute apart unless playwright.config.ts says
    // otherwise (the journeys' stack, where no spec makes the reads the index makes fail: calls.spec
    // only slows them).
    INDEX_SYNC: process.env.E2E_INDEX_SYNC ?? 'true',
    INDEX_INTERVAL_SECONDS: process.env.E2E_INDEX_INTERVAL_SECONDS ?? '60',
    INDEX_RATE_PER_SECOND: '200',
    INDEX_CONCURRENCY: '4',
    INDEX_TRANSCRIPTS_PER_PASS: '10000',
    // Watched views are evaluated every 5 s (at the index's instant), so an alert follows a sync pass closely.
    ALERTS_INTERVAL_SECONDS: '5',
  },
});
// The specs check that the BFF survived the faults: same process before and after.
writeFileSync(e2eStackFile(port, 'pid'), String(process.pid));
console.log(`e2e stack: BFF ${stack.url}, simulator ${sim.url} (the BFF goes through ${host}:${fwdPort}), pid ${process.pid}`);

let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  forwarder.close();
  for (const s of sockets) s.destroy();
  void stack
    .close()
    .then(() => sim.close())
    .finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
