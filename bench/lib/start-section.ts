/**
 * `npm start` as a person runs it (issue 28's budgets): from a fresh clone of the committed tree
 * (its node_modules linked to this checkout's: `npm ci` is the README's first command, not timed
 * here) to GET /healthz answering 200, building the console, creating the database and seeding the
 * simulator on the way; then later starts on the same clone and data, each stopped with SIGTERM as
 * Ctrl-C does. Wall time on whatever else the machine is doing: run it on a quiet one.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reason, timeLeft, type BenchContext } from './section';

const S = 'npm start';
// BENCH_START_PORT (and the next one, for the simulator): other fixed ports when these are taken.
const PORT = Number(process.env.BENCH_START_PORT ?? 20107);
const SIM_PORT = PORT + 1;
const BUDGETS = { first: 60_000, later: 10_000 };

interface Started {
  ms: number;
  stop: () => Promise<void>;
}

/** `npm start` in `dir`, timed to its first 200 on /healthz. */
async function start(dir: string): Promise<Started> {
  const began = Date.now();
  // Its own process group: npm, the launcher and everything the launcher starts stop together.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: dir,
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(PORT), SIM_PORT: String(SIM_PORT), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + String(d)).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const killed = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(killed);
  };
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${stderr.trim().split('\n').pop() ?? ''}`);
      if (Date.now() - began > 300_000) throw new Error('npm start did not answer /healthz within 300 s');
      const res = await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null);
      if (res?.status === 200) return { ms: Date.now() - began, stop };
      await new Promise((r) => setTimeout(r, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

export async function startSection(ctx: BenchContext, root: string): Promise<void> {
  const { report } = ctx;
  const clone = mkdtempSync(join(tmpdir(), 'bench-start-'));
  // As root the database server runs as the postgres user, which must pass through (mkdtemp makes it 0700).
  chmodSync(clone, 0o711);
  try {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
    const first = await start(clone);
    await first.stop();
    report.add(
      S,
      'first start on a fresh clone, to /healthz (builds the console, creates the database)',
      'ms',
      [first.ms],
      { op: '<=', value: BUDGETS.first },
      'one run',
    );
    ctx.log(`first start: ${first.ms} ms`);
    const later: number[] = [];
    for (let i = 0; i < ctx.runs && timeLeft(ctx) > 30_000; i += 1) {
      const again = await start(clone);
      await again.stop();
      later.push(again.ms);
    }
    report.add(S, 'later start, same clone and data, to /healthz', 'ms', later, { op: '<=', value: BUDGETS.later });
    ctx.log(`later starts: ${later.join(', ')} ms`);
  } catch (error) {
    ctx.log(`npm start: ${reason(error)}`);
    throw error;
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}
