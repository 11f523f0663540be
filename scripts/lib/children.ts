/** Child processes for npm start / npm run dev: started with inherited output, stopped together. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<number | null>;
}

/** Runs `node --import tsx <script>` (or another command) with the given environment. */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return { name, proc, exited };
}

export function tsxArgs(script: string, watch = false): string[] {
  return watch ? ['--import', 'tsx', '--watch', script] : ['--import', 'tsx', script];
}

/**
 * Polls a URL until it answers 2xx (or, with anyStatus, any HTTP answer), or the child dies, or
 * the time runs out.
 */
export async function waitForUrl(url: string, child: Child, { timeoutMs = 300_000, anyStatus = false } = {}): Promise<void> {
  const until = Date.now() + timeoutMs;
  let dead = false;
  void child.exited.then(() => (dead = true));
  while (Date.now() < until) {
    if (dead) throw new Error(`${child.name} exited before it was ready.`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok || anyStatus) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

/** Stops children in reverse start order (SIGTERM, then SIGKILL after a grace period). */
export async function stopAll(children: Child[], graceMs = 10_000): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) continue;
    child.proc.kill('SIGTERM');
    const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(timer);
  }
}
