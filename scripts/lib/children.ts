/**
 * Child processes for npm start / npm run dev: started with inherited output, stopped together; a
 * child given a restart policy is started again when it dies (with back-off), until it keeps dying
 * soon after each start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';

export interface Child {
  name: string;
  proc: ChildProcess;
  stopSignal?: NodeJS.Signals;
  exited: Promise<number | null>;
  /** The exit code, or the signal that ended it. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  /** Open an IPC channel (the BFF reports "ready" on it). */
  ipc?: boolean;
  /** Start it again when it dies on its own. */
  restart?: RestartPolicy;
  /** Called with each new process after a restart. */
  onRestart?: (child: Child) => void;
  /** Run as this user and group (the database server, when the launcher runs as root). */
  uid?: number;
  gid?: number;
  /**
   * In a process group of its own, so a Ctrl-C at the terminal reaches only the launcher, which
   * stops it after the processes that use it (the database server).
   */
  detached?: boolean;
  /** The signal that stops it (default SIGTERM; PostgreSQL's fast shutdown is SIGINT). */
  stopSignal?: NodeJS.Signals;
}

/**
 * Back-off between restarts; a crash less than `fastMs` after its start is a fast one, and
 * `maxFastCrashes` of them in a row end the group (a crash after a longer run starts over).
 */
export interface RestartPolicy {
  delaysMs: readonly number[];
  fastMs: number;
  maxFastCrashes: number;
}

export const RESTART_POLICY: RestartPolicy = { delaysMs: [1000, 2000, 4000, 8000], fastMs: 30_000, maxFastCrashes: 5 };

/** Runs `node --import tsx <script>` (or another command) with the given environment. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  { ipc = false, uid, gid, detached, stopSignal }: Pick<StartOptions, 'ipc' | 'uid' | 'gid' | 'detached' | 'stopSignal'> = {},
): Child {
  const proc = spawn(command, args, { env, uid, gid, detached, stdio: ['ignore', 'inherit', 'inherit', ...(ipc ? ['ipc' as const] : [])] });
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, proc, stopSignal, ended, exited: ended.then((e) => e.code) };
}

export function tsxArgs(script: string, watch = false): string[] {
  return watch ? ['--import', 'tsx', '--watch', script] : ['--import', 'tsx', script];
}

/** "code 1" or "signal SIGKILL". */
export function describeExit({ code, signal }: { code: number | null; signal: NodeJS.Signals | null }): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/**
 * One GET's status (undefined: no answer within 2 s). node:http, not fetch: fetch loads undici,
 * about 10 MiB more in the long-lived launcher.
 */
function httpStatus(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const req = get(url, { timeout: 2000 }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode));
      res.once('error', () => resolve(undefined));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(undefined));
  });
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
    const status = await httpStatus(url);
    if (status !== undefined && ((status >= 200 && status < 300) || anyStatus)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s.`);
}

/** Stops children in reverse start order (SIGTERM, then SIGKILL after a grace period). */
export async function stopAll(children: Child[], graceMs = 10_000): Promise<void> {
  for (const child of [...children].reverse()) {
    if (child.proc.exitCode !== null || child.proc.signalCode !== null) continue;
    child.proc.kill(child.stopSignal ?? 'SIGTERM');
    const timer = setTimeout(() => child.proc.kill('SIGKILL'), graceMs);
    await child.exited;
    clearTimeout(timer);
  }
}

interface Slot {
  child: Child;
  /** Resolves when this slot is over: its child exited for good (no policy, gave up, or stopping). */
  done: Promise<{ child: Child; code: number | null; gaveUp: boolean }>;
}

/**
 * The children of one command (npm start, npm run dev): started in order, stopped together in
 * reverse order, once, whether on Ctrl-C, on SIGTERM, on a start-up error or when one of them dies
 * for good (a child with a restart policy only once it gives up).
 */
export class ChildGroup {
  private readonly slots: Slot[] = [];
  private stopped: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly stopSignal = new Promise<void>((resolve) => (this.wake = resolve));

  constructor(private readonly log: (line: string) => void = (line) => console.error(line)) {}

  /** The current process of each child, in start order. */
  get children(): Child[] {
    return this.slots.map((s) => s.child);
  }

  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, options: StartOptions = {}): Child {
    const slot = { child: startChild(name, command, args, env, options) } as Slot;
    slot.done = this.supervise(slot, () => startChild(name, command, args, env, options), options);
    this.slots.push(slot);
    return slot.child;
  }

  private async supervise(
    slot: Slot,
    again: () => Child,
    { restart, onRestart }: StartOptions,
  ): Promise<{ child: Child; code: number | null; gaveUp: boolean }> {
    let fastInARow = 0;
    for (;;) {
      const startedAt = Date.now();
      const ended = await slot.child.ended;
      if (!restart || this.stopping) return { child: slot.child, code: ended.code, gaveUp: false };
      fastInARow = Date.now() - startedAt < restart.fastMs ? fastInARow + 1 : 0;
      if (fastInARow >= restart.maxFastCrashes) {
        this.log(
          `${slot.child.name} exited (${describeExit(ended)}) ${fastInARow} times in a row, each within ${restart.fastMs / 1000} s of starting: ` +
            'giving up. Its messages above say why; fix that and run npm start again.',
        );
        return { child: slot.child, code: ended.code, gaveUp: true };
      }
      const delay = restart.delaysMs[Math.min(Math.max(fastInARow - 1, 0), restart.delaysMs.length - 1)] ?? 0;
      this.log(`${slot.child.name} exited (${describeExit(ended)}); starting it again in ${delay / 1000} s.`);
      await Promise.race([new Promise((r) => setTimeout(r, delay)), this.stopSignal]);
      if (this.stopping) return { child: slot.child, code: ended.code, gaveUp: false };
      slot.child = again();
      onRestart?.(slot.child);
    }
  }

  /** Stops every child; later calls wait for the first one. */
  stop(graceMs?: number): Promise<void> {
    this.wake?.();
    this.stopped ??= stopAll(this.children, graceMs);
    return this.stopped;
  }

  get stopping(): boolean {
    return this.stopped !== undefined;
  }

  /** The first child to exit for good (a restarted one only once it gives up), and its code. */
  firstExit(): Promise<{ child: Child; code: number | null; gaveUp: boolean }> {
    return Promise.race(this.slots.map((s) => s.done));
  }

  /**
   * Runs a command's start-up and supervision: signals stop the group (exit 0); an error or a child
   * that exits for good stops the rest (exit 1) with a message saying which.
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
      if (!this.stopping && !first.gaveUp) this.log(`${first.child.name} exited (code ${first.code}); stopping.`);
    } catch (error) {
      this.log((error as Error).message);
    }
    return exit(1);
  }
}
