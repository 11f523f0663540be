/** Child servers the bench starts on 127.0.0.1 and always stops, each by its own pid. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { buildNode } from '../../scripts/lib/build-node';
import { BFF_NODE_ARGS, BFF_PROCESS_ENV } from '../../scripts/lib/embedded';

export interface Child<T> {
  info: T;
  pid: number;
  /** Resident set size now, in MiB (from /proc). */
  rssMiB(): number;
  /** The highest resident set size so far (the kernel's VmHWM), in MiB. */
  peakMiB(): number;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function statusMiB(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}

/** Starts `npx tsx <script>` (or any command) and waits for its first JSON line on stdout. */
export async function startChild<T>(command: string, args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<Child<T>> {
  // The BFF with the environment npm start gives it (ADR 0023).
  const bff = args.some((a) => a.endsWith('bff-server.mjs')) ? BFF_PROCESS_ENV : {};
  const child = spawn(command, args, { env: { ...process.env, ...bff, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const info = await new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} not ready in ${timeoutMs} ms: ${stderr}`)), timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (!line.startsWith('{')) return;
      clearTimeout(timer);
      resolve(JSON.parse(line) as T);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}: ${stderr}`));
    });
  });
  child.stdout!.resume();
  return {
    info,
    pid: child.pid!,
    rssMiB: () => statusMiB(child.pid!, 'VmRSS'),
    peakMiB: () => statusMiB(child.pid!, 'VmHWM'),
    stop() {
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(timer);
          running.delete(child);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

const SERVERS = { 'sim-server': 'bench/lib/sim-server.ts', 'bff-server': 'bench/lib/bff-server.ts', 'proxy-server': 'bench/lib/proxy-server.ts' } as const;
let built: Promise<Record<keyof typeof SERVERS, string>> | undefined;

/**
 * Node on a bundle of one of the bench's servers, as npm start runs the product (built JavaScript,
 * not tsx, whose loader thread would add ~75 MiB to every RSS measured). Bundled once per process,
 * with the simulator's seeding child next to them.
 */
export async function builtNode(server: keyof typeof SERVERS): Promise<[string, string[]]> {
  built ??= buildNode({ ...SERVERS }, 'dist/node-bench');
  // The BFF with the Node flags npm start gives it (ADR 0019).
  return [process.execPath, [...(server === 'bff-server' ? BFF_NODE_ARGS : []), (await built)[server]]];
}
