/**
 * Background work gives way to people (ADR 0027). The read proxy marks each request it handles
 * (from its arrival until its answer is ready), and background work on the upstream (the call
 * index's sync) waits before each of its requests until no such read has been in progress for a
 * moment, or until a longest wait has passed, so that under sustained traffic it still moves, only
 * more slowly. The index's freshness on screen tells people when it lags.
 */
export interface InteractiveLoadOptions {
  /** How long no read must have been in progress before background work goes on (a page's reads come in a burst). */
  settleMs?: number;
}

export class InteractiveLoad {
  private active = 0;
  private lastEnd = 0;
  private readonly wakers = new Set<() => void>();
  private readonly settleMs: number;
  /** Times background work waited, and waited until its longest wait ran out (diagnostics, tests). */
  readonly counts = { yields: 0, timeouts: 0 };

  constructor(options: InteractiveLoadOptions = {}) {
    this.settleMs = options.settleMs ?? 50;
  }

  /** Background requests waiting now. */
  get waiting(): number {
    return this.wakers.size;
  }

  /** Reads in progress now. */
  get inProgress(): number {
    return this.active;
  }

  /** One interactive read starts; call the function returned when it ends (once; later calls do nothing). */
  begin(): () => void {
    this.active += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active -= 1;
      this.lastEnd = Date.now();
      if (this.active === 0) for (const wake of [...this.wakers]) wake();
    };
  }

  /**
   * Resolves once no interactive read has been in progress for `settleMs`, or after `maxWaitMs`
   * (background work is slowed, never stopped), or when `signal` aborts. At once when it is quiet.
   */
  async quiet(maxWaitMs: number, signal?: AbortSignal): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    let waited = false;
    for (;;) {
      if (signal?.aborted) return;
      const now = Date.now();
      const quietAt = this.active > 0 ? Infinity : this.lastEnd + this.settleMs;
      if (quietAt <= now) break;
      if (now >= deadline) {
        this.counts.timeouts += 1;
        break;
      }
      waited = true;
      // Woken when the last read ends (then it settles), when the quiet time comes, or at the deadline.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakers.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, Math.min(deadline, quietAt) - now);
        this.wakers.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
    if (waited) this.counts.yields += 1;
  }
}
