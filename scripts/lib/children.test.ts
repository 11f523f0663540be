/**
 * ChildGroup with real child processes: stopped together, once, in reverse order; the first death
 * is reported; a child with a restart policy comes back after a crash, and the group gives up on one
 * that keeps crashing at start.
 */
import { describe, expect, it } from 'vitest';
import { ChildGroup, type Child } from './children';

const node = process.execPath;
/** A child that lives until SIGTERM, then exits 0; it says "ready" (IPC) once its handler is in place. */
const sleeper = ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000); process.send('ready')"];
const ipc = { ipc: true };

/** Until the child has installed its SIGTERM handler: a loaded machine starts node slowly. */
function handlesSigterm(child: Child): Promise<void> {
  return new Promise((resolve) => child.proc.once('message', () => resolve()));
}

describe('ChildGroup', () => {
  it('stops every child once, whoever asks, and leaves none running', async () => {
    const group = new ChildGroup();
    const a = group.start('a', node, sleeper, process.env, ipc);
    const b = group.start('b', node, sleeper, process.env, ipc);
    const [aReady, bReady] = [handlesSigterm(a), handlesSigterm(b)];
    const order: string[] = [];
    void a.exited.then(() => order.push('a'));
    void b.exited.then(() => order.push('b'));
    await Promise.all([aReady, bReady]);
    expect(group.stopping).toBe(false);
    const first = group.stop();
    expect(group.stop()).toBe(first);
    await first;
    expect(group.stopping).toBe(true);
    expect(order).toEqual(['b', 'a']);
    expect([a.proc.exitCode, b.proc.exitCode]).toEqual([0, 0]);
  });

  it('reports the first child that exits on its own', async () => {
    const group = new ChildGroup();
    // The sleeper says "ready" over IPC: without the channel it would crash (exit 1) and race 'short'.
    group.start('long', node, sleeper, process.env, ipc);
    group.start('short', node, ['-e', 'process.exit(3)'], process.env);
    const first = await group.firstExit();
    expect(first.child.name).toBe('short');
    expect(first.code).toBe(3);
    await group.stop();
    expect(group.children.every((c) => c.proc.exitCode !== null || c.proc.signalCode !== null)).toBe(true);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const group = new ChildGroup();
    const stubborn = group.start(
      'stubborn',
      node,
      ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); process.send('ready')"],
      process.env,
      ipc,
    );
    await handlesSigterm(stubborn);
    await group.stop(200);
    expect(stubborn.proc.signalCode).toBe('SIGKILL');
  });

  it('starts a child with a restart policy again after SIGKILL, after the first delay, and leaves the others running', async () => {
    const lines: string[] = [];
    const group = new ChildGroup((line) => lines.push(line));
    const other = group.start('other', node, sleeper, process.env, ipc);
    const restarted: Child[] = [];
    const otherReady = handlesSigterm(other);
    const first = group.start('bff', node, sleeper, process.env, {
      ipc: true,
      restart: { delaysMs: [100, 5000], fastMs: 10_000, maxFastCrashes: 3 },
      onRestart: (c) => restarted.push(c),
    });
    await Promise.all([otherReady, handlesSigterm(first)]);
    first.proc.kill('SIGKILL');
    while (restarted.length === 0) await new Promise((r) => setTimeout(r, 20));
    const againReady = handlesSigterm(restarted[0]!);
    expect(lines).toEqual(['bff exited (signal SIGKILL); starting it again in 0.1 s.']);
    expect(restarted[0]!.proc.pid).not.toBe(first.proc.pid);
    expect(group.children.map((c) => c.proc.pid)).toEqual([other.proc.pid, restarted[0]!.proc.pid]);
    expect(other.proc.exitCode).toBeNull();
    await againReady;
    await group.stop();
    expect([other.proc.exitCode, restarted[0]!.proc.exitCode]).toEqual([0, 0]);
  });

  it('gives up, saying why, on a child that keeps crashing soon after each start', async () => {
    const lines: string[] = [];
    const group = new ChildGroup((line) => lines.push(line));
    let starts = 1;
    group.start('bff', node, ['-e', 'process.exit(7)'], process.env, {
      restart: { delaysMs: [10, 20, 40], fastMs: 30_000, maxFastCrashes: 3 },
      onRestart: () => starts++,
    });
    const end = await group.firstExit();
    expect(end).toMatchObject({ code: 7, gaveUp: true });
    expect(starts).toBe(3);
    expect(lines).toEqual([
      'bff exited (code 7); starting it again in 0.01 s.',
      'bff exited (code 7); starting it again in 0.02 s.',
      'bff exited (code 7) 3 times in a row, each within 30 s of starting: giving up. Its messages above say why; fix that and run npm start again.',
    ]);
    await group.stop();
  });
});
