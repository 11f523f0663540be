/**
 * The product in its real shape for the bench (ADR 0032): the BFF's web process and its worker,
 * each `node` on the build npm start runs (with BFF_NODE_ARGS and BFF_PROCESS_ENV), on a fresh
 * database of the local PostgreSQL server (dropped at stop), in front of the bench's simulator.
 * Both are stopped by their own pid. The web process starts first (it migrates and creates the demo
 * accounts); the worker only when asked, so a section can sign in before the first backfill starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { createTestDatabase } from '../../common/test-db';
import { buildNode, NODE_ENTRIES } from '../../scripts/lib/build-node';
import { BFF_NODE_ARGS, BFF_PROCESS_ENV } from '../../scripts/lib/embedded';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY } from '../../simulator/keys';
import { DEMO_PASSWORD } from './bff-section';

export interface Product {
  url: string;
  db: { url: string; drop(): Promise<void> };
  webPid: number;
  /** The worker's pid once started. */
  readonly workerPid: number | null;
  /** Starts the worker (the index's sync, alerts, …); resolves once it runs. */
  startWorker(): Promise<number>;
  stop(): Promise<void>;
}

/** A free port on 127.0.0.1 (asked of the system), unless `fixed` is set. */
export async function freePort(fixed?: string): Promise<number> {
  if (fixed && Number(fixed) > 0) return Number(fixed);
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let built: Promise<{ server: string; worker: string }> | undefined;

function child(script: string, env: Record<string, string | undefined>, name: string): { proc: ChildProcess; stderr: () => string } {
  const proc = spawn(process.execPath, [...BFF_NODE_ARGS, script], {
    env: { ...BFF_PROCESS_ENV, PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  proc.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL')
      process.stderr.write(`[bench] ${name} exited with ${code ?? signal}: ${stderr.trim().split('\n')[0]}\n`);
  });
  return { proc, stderr: () => stderr };
}

async function stopChild(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the web process on `port` (BENCH_NOWAIT_PORT or a free one) and waits for /healthz.
 * `env` adds BFF settings to both processes (validated by the BFF like any other).
 */
export async function startProduct(simUrl: string, env: Record<string, string> = {}, port?: number): Promise<Product> {
  built ??= buildNode({ server: NODE_ENTRIES.server, worker: NODE_ENTRIES.worker }, 'dist/node-bench-product');
  const scripts = await built;
  const db = await createTestDatabase('benchproduct');
  const listen = port ?? (await freePort());
  const url = `http://127.0.0.1:${listen}`;
  const common = {
    HOST: '127.0.0.1',
    PORT: String(listen),
    DATABASE_URL: db.url,
    VOICE_API_BASE_URL: simUrl,
    VOICE_API_KEY: DEFAULT_SIM_API_KEY,
    VOICE_API_KEY_SECONDARY: DEFAULT_SIM_API_KEY_SECONDARY,
    LOG_LEVEL: 'warn',
    ...env,
  };
  const web = child(scripts.server, { ...common, DEMO_ACCOUNTS: 'true', DEMO_PASSWORD }, 'the web process');
  let worker: ChildProcess | null = null;
  const stop = async () => {
    await Promise.all([stopChild(web.proc), worker ? stopChild(worker) : Promise.resolve()]);
    await db.drop().catch(() => undefined);
  };
  try {
    const started = Date.now();
    for (;;) {
      if (web.proc.exitCode !== null) throw new Error(`the web process exited with ${web.proc.exitCode}: ${web.stderr().trim().split('\n')[0]}`);
      if (Date.now() - started > 120_000) throw new Error('the web process did not answer /healthz in 120 s');
      const res = await fetch(`${url}/healthz`).catch(() => null);
      if (res?.ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    db,
    webPid: web.proc.pid!,
    get workerPid() {
      return worker?.pid ?? null;
    },
    async startWorker() {
      // The worker never creates the demo accounts (as npm start runs it).
      const w = child(scripts.worker, { ...common, DEMO_ACCOUNTS: 'false' }, 'the worker');
      worker = w.proc;
      // Running once /readyz (which reads the worker's heartbeat) says `worker: running`.
      const started = Date.now();
      for (;;) {
        if (w.proc.exitCode !== null) throw new Error(`the worker exited with ${w.proc.exitCode}: ${w.stderr().trim().split('\n')[0]}`);
        if (Date.now() - started > 60_000) throw new Error('the worker did not report running in /readyz in 60 s');
        const res = await fetch(`${url}/readyz`).catch(() => null);
        const body = res ? ((await res.json().catch(() => ({}))) as { worker?: string }) : {};
        if (body.worker === 'running') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      return w.proc.pid!;
    },
    stop,
  };
}
