import { describe, expect, it } from 'vitest';
import { InteractiveLoad } from './interactive-load';

const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(() => (done = true));
  // A few turns of the event loop: enough for anything that is not waiting on a read.
  for (let i = 0; i < 5; i += 1) await new Promise((r) => setImmediate(r));
  return done;
};

describe('InteractiveLoad: background work gives way to reads in progress', () => {
  it('lets background work go at once when no read is in progress', async () => {
    const load = new InteractiveLoad({ settleMs: 0 });
    expect(await settled(load.quiet(60_000))).toBe(true);
    expect(load.counts).toEqual({ yields: 0, timeouts: 0 });
  });

  it('holds it while a read is in progress, and lets it go when the last one ends', async () => {
    const load = new InteractiveLoad({ settleMs: 0 });
    const endA = load.begin();
    const endB = load.begin();
    const waiting = load.quiet(60_000);
    expect(await settled(waiting)).toBe(false);
    endA();
    endA(); // ending twice counts once
    expect(load.inProgress).toBe(1);
    expect(await settled(waiting)).toBe(false);
    endB();
    expect(await settled(waiting)).toBe(true);
    expect(load.counts).toEqual({ yields: 1, timeouts: 0 });
  });

  it('never holds it longer than its longest wait (slowed under sustained reads, not stopped)', async () => {
    const load = new InteractiveLoad({ settleMs: 0 });
    load.begin();
    await load.quiet(5);
    expect(load.counts).toEqual({ yields: 1, timeouts: 1 });
  });

  it('lets it go when its work is cancelled', async () => {
    const load = new InteractiveLoad({ settleMs: 0 });
    load.begin();
    const abort = new AbortController();
    const waiting = load.quiet(60_000, abort.signal);
    expect(await settled(waiting)).toBe(false);
    abort.abort();
    expect(await settled(waiting)).toBe(true);
  });
});
