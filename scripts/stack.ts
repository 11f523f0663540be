/**
 * startStack: the simulator (in-process) and the BFF in front of it, each on a fresh throwaway
 * database on the local PostgreSQL server (TEST_DATABASE_URL; dropped on close) unless told
 * otherwise. Used by the e2e webServer, the BFF's integration tests and the benches.
 */
import type { Writable } from 'node:stream';
import type { Db } from '../common/db';
import { openTestDb } from '../common/test-db';
import { buildApp, type BffApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY, startSimulator, type RunningSimulator } from '../simulator/app';

export interface StackOptions {
  host?: string;
  /** BFF port (0: any free one). */
  port?: number;
  /** Simulator port (0: any free one). */
  simPort?: number;
  controlToken?: string;
  seed?: number;
  seedCalls?: number;
  /** Simulator requests per second per credential; 0: off. */
  simRateLimit?: number;
  simTokenTtlSeconds?: number;
  /** The key pair, given to both the simulator and the BFF. */
  apiKey?: string;
  apiKeySecondary?: string;
  /** Create the demo accounts (default true). */
  demoAccounts?: boolean;
  demoPassword?: string;
  /** Extra BFF settings, as environment variables (validated like the real ones). */
  env?: Record<string, string | undefined>;
  /** The BFF's database; default a fresh throwaway one. */
  db?: Db;
  logStream?: Writable;
  sessionCacheMs?: number;
  /**
   * An already running simulator to put the BFF in front of (not closed by close()); or only an
   * address (`{ url } as RunningSimulator`), whose clock is then the machine's.
   */
  sim?: RunningSimulator;
}

export interface Stack {
  url: string;
  simUrl: string;
  controlToken: string;
  app: BffApp;
  sim: RunningSimulator;
  close(): Promise<void>;
}

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const host = opts.host ?? '127.0.0.1';
  const controlToken = opts.controlToken ?? 'stack-control-token';
  const apiKey = opts.apiKey ?? DEFAULT_SIM_API_KEY;
  const apiKeySecondary = opts.apiKeySecondary ?? DEFAULT_SIM_API_KEY_SECONDARY;
  const ownSim = !opts.sim;
  const sim =
    opts.sim ??
    (await startSimulator({
      host,
      port: opts.simPort ?? 0,
      controlToken,
      seed: opts.seed ?? 42,
      seedCalls: opts.seedCalls ?? 200,
      rateLimit: opts.simRateLimit ?? 0,
      tokenTtlSeconds: opts.simTokenTtlSeconds,
      apiKey,
      apiKeySecondary,
    }));
  const ownDb = !opts.db && !opts.env?.DATABASE_URL;
  const db = opts.db ?? (opts.env?.DATABASE_URL ? undefined : await openTestDb('stack'));
  try {
    const config = loadConfig({
      LOG_LEVEL: 'warn',
      // The call index syncs only where a suite asks for it: others count the upstream's requests.
      INDEX_SYNC: 'false',
      // Suites place calls at whatever hour the simulator's clock shows: the local-hours hold is
      // turned on only by the suites about it (server/test/local-hours-hold.test.ts).
      LOCAL_HOURS_HOLD: 'false',
      ...opts.env,
      HOST: host,
      PORT: String(opts.port ?? 0),
      VOICE_API_BASE_URL: sim.url,
      VOICE_API_KEY: apiKey,
      VOICE_API_KEY_SECONDARY: apiKeySecondary,
      DEMO_ACCOUNTS: opts.demoAccounts === false ? 'false' : 'true',
      DEMO_PASSWORD: opts.demoPassword ?? 'switchboard-demo',
    });
    // The BFF reads the upstream's clock from the simulator's: tests move it. A simulator given by
    // its address alone (the faults suite's stopped upstream) has no clock to read: the machine's.
    const { state } = sim as Partial<RunningSimulator>;
    const upstreamNow = state ? () => new Date(state.clock.nowMs()) : undefined;
    const app = await buildApp(config, { db, logStream: opts.logStream, sessionCacheMs: opts.sessionCacheMs, upstreamNow });
    await app.listen({ host, port: config.PORT });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return {
      url: `http://${host}:${port}`,
      simUrl: sim.url,
      controlToken,
      app,
      sim,
      async close() {
        await app.close();
        if (ownDb) await db?.close();
        if (ownSim) await sim.close();
      },
    };
  } catch (error) {
    if (ownSim) await sim.close();
    throw error;
  }
}
