/** Counts events per key in a sliding window, in memory (per process; a restart forgets). */
export class Limiter {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again, or 0. */
  blockedFor(key: string): number {
    const now = Date.now();
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
    if (list.length < this.max) return 0;
    return Math.max(1, Math.ceil((list[0]! + this.windowMs - now) / 1000));
  }

  hit(key: string): void {
    const list = this.hits.get(key) ?? [];
    list.push(Date.now());
    if (list.length > this.max * 2) list.splice(0, list.length - this.max * 2);
    this.hits.set(key, list);
    // Bounded memory under a flood of distinct keys: forgetting errs on the side of the caller.
    if (this.hits.size > 100_000) this.hits.clear();
  }

  clear(key: string): void {
    this.hits.delete(key);
  }
}
