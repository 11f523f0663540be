/** ChildGroup with real child processes: stopped together, once, in reverse order; the first death is reported. */
import { describe, expect, it } from 'vitest';
import { ChildGroup } from './children';

const node = process.execPath;
/** A child that lives until SIGTERM, then exits 0. */
const sleeper = ['-e', "process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000)"];

describe('ChildGroup', () => {
  it('stops every child once, whoever asks, and leaves none running', async () => {
    const group = new ChildGroup();
    const a = group.start('a', node, sleeper, process.env);
    const b = group.start('b', node, sleeper, process.env);
    const order: string[] = [];
    void a.exited.then(() => order.push('a'));
    void b.exited.then(() => order.push('b'));
    await new Promise((r) => setTimeout(r, 300));
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
    group.start('long', node, sleeper, process.env);
    group.start('short', node, ['-e', 'process.exit(3)'], process.env);
    const first = await group.firstExit();
    expect(first.child.name).toBe('short');
    expect(first.code).toBe(3);
    await group.stop();
    expect(group.children.every((c) => c.proc.exitCode !== null || c.proc.signalCode !== null)).toBe(true);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const group = new ChildGroup();
    const stubborn = group.start('stubborn', node, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], process.env);
    await new Promise((r) => setTimeout(r, 300));
    await group.stop(200);
    expect(stubborn.proc.signalCode).toBe('SIGKILL');
  });
});
