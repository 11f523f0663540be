/**
 * The BFF (or its user CLI) as a real child process under tsx, for the suites about what happens
 * between processes: locks on the embedded store, damage found at start, crashes. Each child is
 * killed by its own pid when the suite ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface BffProcess {
  proc: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** The exit code, once it exits. */
  exited: Promise<number | null>;
}

const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A node child process (`args` after node's own path), its output gathered; killed when this process exits. */
export function spawnNode(args: string[], env: Record<string, string>): BffProcess {
  const proc = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

export function spawnTsx(script: string, args: string[], env: Record<string, string>): BffProcess {
  return spawnNode(['--import', 'tsx', script, ...args], env);
}

export function spawnBff(env: Record<string, string>): BffProcess {
  return spawnTsx('server/server.ts', [], { VOICE_API_BASE_URL: 'http://127.0.0.1:9', VOICE_API_KEY: 'sk_test_process_key', ...env });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx; fails early, with its output, if the process exits first. */
export async function waitHealthy(url: string, child: BffProcess, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let code: number | null | undefined;
  void child.exited.then((c) => (code = c));
  while (Date.now() < until) {
    if (code !== undefined) throw new Error(`exited with ${code} before it was ready: ${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready at ${url} within ${timeoutMs} ms: ${child.output()}`);
}
