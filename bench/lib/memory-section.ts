/**
 * BENCH_ONLY=memory: the BFF's resident memory, as npm start runs it (the built server on plain
 * node with BFF_NODE_ARGS, index sync on, demo accounts), against the bench's simulator. For each
 * case the peak is the kernel's VmHWM of the BFF process (every moment of its start and of
 * BENCH_MEMORY_SECONDS of running, one sign-in and a few reads included), and the RSS at the end.
 * One case since ADR 0031 (one engine): DATABASE_URL, a fresh database on the local PostgreSQL
 * server each round (the embedded server npm start runs is the same kind of server, in a process
 * of its own, not counted here). The embedded-directory cases of ADR 0019 measured PGlite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, databaseAvailable } from '../../common/test-db';
import { buildNode, NODE_ENTRIES } from '../../scripts/lib/build-node';
import { BFF_NODE_ARGS, BFF_PROCESS_ENV } from '../../scripts/lib/embedded';
import { reason, timeLeft, type BenchContext } from './section';
import { SIM_KEY } from './sim-section';

const S = 'BFF memory';
// BENCH_MEMORY_PORT: another fixed port when 20103 is taken on a shared machine.
const PORT = Number(process.env.BENCH_MEMORY_PORT ?? 20103);
const BUDGETS = { embedded: 250, postgres: 120 };

interface Sample {
  peakMiB: number;
  endMiB: number;
  readyMs: number;
}

const statusMiB = (pid: number, field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function runBff(server: string, simUrl: string, extra: Record<string, string>, seconds: number): Promise<Sample> {
  const url = `http://127.0.0.1:${PORT}`;
  const child = spawn(process.execPath, [...BFF_NODE_ARGS, server], {
    env: {
      ...BFF_PROCESS_ENV,
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      VOICE_API_BASE_URL: simUrl,
      VOICE_API_KEY: SIM_KEY,
      DEMO_ACCOUNTS: 'true',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = Date.now();
  try {
    let readyMs = -1;
    while (readyMs < 0) {
      if (child.exitCode !== null) throw new Error(`the BFF exited with ${child.exitCode}: ${stderr.trim().split('\n')[0]}`);
      if (Date.now() - started > 180_000) throw new Error('the BFF was not ready in 180 s');
      const res = await fetch(`${url}/readyz`).catch(() => null);
      if (res?.status === 200) readyMs = Date.now() - started;
      else await new Promise((r) => setTimeout(r, 100));
    }
    // A person's first minute: sign in, a token, a list and the index.
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: url },
      body: JSON.stringify({ username: 'viewer', password: 'switchboard-demo' }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const token = await fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-switchboard': '1', origin: url },
      body: JSON.stringify({ scope: ['calls:read', 'agents:read'] }),
    }).then((r) => r.json() as Promise<{ token?: string }>);
    for (const path of ['/api/v1/calls?size=100', '/api/v1/agents?size=100']) {
      await fetch(url + path, { headers: { cookie, authorization: `Bearer ${token.token}` } }).then((r) => r.arrayBuffer());
    }
    await fetch(`${url}/bff/index/calls?size=100`, { headers: { cookie } }).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, seconds * 1000));
    return { peakMiB: statusMiB(child.pid!, 'VmHWM'), endMiB: statusMiB(child.pid!, 'VmRSS'), readyMs };
  } finally {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

export async function memorySection(ctx: BenchContext, simUrl: string): Promise<void> {
  const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 15);
  const { server } = await buildNode({ server: NODE_ENTRIES.server }, 'dist/node-bench-memory');
  const withPostgres = await databaseAvailable();
  // One engine (ADR 0031): the BFF on a PostgreSQL server; the embedded one is the same server run by npm start.
  const cases = withPostgres ? ['DATABASE_URL'] : [];
  const samples = new Map<string, Sample[]>(cases.map((c) => [c, []]));
  const failures = new Map<string, string>();
  for (let round = 0; round < ctx.runs && timeLeft(ctx) > 120_000; round += 1) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
    const db = withPostgres ? await createTestDatabase('benchmemory') : null;
    try {
      for (const name of cases) {
        try {
          const extra: Record<string, string> = name === 'DATABASE_URL' ? { DATABASE_URL: db!.url } : { BFF_DATA_DIR: join(dir, 'bff') };
          const sample = await runBff(server, simUrl, extra, seconds);
          samples.get(name)!.push(sample);
          ctx.log(
            `memory round ${round + 1}, ${name}: peak ${sample.peakMiB.toFixed(0)} MiB, end ${sample.endMiB.toFixed(0)} MiB, ready in ${sample.readyMs} ms`,
          );
        } catch (error) {
          failures.set(name, reason(error));
          ctx.log(`memory ${name}: ${reason(error)}`);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db?.drop();
    }
  }
  for (const name of cases) {
    const runs = samples.get(name)!;
    const budget = { op: '<=' as const, value: name === 'DATABASE_URL' ? BUDGETS.postgres : BUDGETS.embedded };
    if (runs.length === 0) {
      ctx.report.skip(S, `peak RSS, ${name}`, 'MiB', failures.get(name) ?? 'no time left', budget);
      continue;
    }
    ctx.report.add(
      S,
      `peak RSS (VmHWM), ${name}`,
      'MiB',
      runs.map((r) => r.peakMiB),
      budget,
      `start, one sign-in, three reads and ${seconds} s of running, index sync on`,
    );
    ctx.report.add(
      S,
      `RSS after ${seconds} s, ${name}`,
      'MiB',
      runs.map((r) => r.endMiB),
    );
    ctx.report.add(
      S,
      `ready, ${name}`,
      'ms',
      runs.map((r) => r.readyMs),
    );
  }
  if (!withPostgres)
    ctx.report.skip(S, 'peak RSS (VmHWM), DATABASE_URL', 'MiB', 'no PostgreSQL server at TEST_DATABASE_URL', { op: '<=', value: BUDGETS.postgres });
}
