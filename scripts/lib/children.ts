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

/**
 * The children of one command (npm start, npm run dev): started in order, stopped together in
 * reverse order, once, whether on Ctrl-C, on SIGTERM, on a start-up error or when one of them dies.
 */
export class ChildGroup {
  readonly children: Child[] = [];
  private stopped: Promise<void> | undefined;

  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
    const child = startChild(name, command, args, env);
    this.children.push(child);
    return child;
  }

  /** Stops every child; later calls wait for the first one. */
  stop(graceMs?: number): Promise<void> {
    this.stopped ??= stopAll(this.children, graceMs);
    return this.stopped;
  }

  get stopping(): boolean {
    return this.stopped !== undefined;
  }

  /** The first child to exit, and its code. */
  firstExit(): Promise<{ child: Child; code: number | null }> {
    return Promise.race(this.children.map((child) => child.exited.then((code) => ({ child, code }))));
  }

  /**
   * Runs a command's start-up and supervision: signals stop the group (exit 0); an error or a child
   * that exits on its own stops the rest (exit 1) with a message saying which.
   */
  async run(main: () => Promise<void>, onStop?: () => void): Promise<never> {
    const exit = async (code: number): Promise<never> => {
      if (!this.stopping) onStop?.();
      await this.stop();
      process.exit(code);
    };
    process.on('SIGINT', () => void exit(0));
    process.on('SIGTERM', () => void exit(0));
    try {
      await main();
      const first = await this.firstExit();
      if (!this.stopping) console.error(`${first.child.name} exited (code ${first.code}); stopping.`);
    } catch (error) {
      console.error((error as Error).message);
    }
    return exit(1);
  }
}
