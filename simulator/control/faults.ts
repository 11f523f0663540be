/**
 * Fault injection for the reliability suites: per route pattern, latency, hangs, 5xx, 429, resets,
 * malformed bodies; and `down`, the upstream refusing connections, which the simulator cannot do to
 * itself on a port it serves: whoever sits in front of it (the e2e stack's forwarder,
 * scripts/e2e-stack.ts) follows `isDown()` / `onDownChange` and closes its port while it holds.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export const FaultSpec = z.strictObject({
  method: z.string().toUpperCase().optional(),
  path: z.string().min(1),
  latencyMs: z.int().min(0).max(120_000).optional(),
  hang: z.boolean().optional(),
  status5xxRatio: z.number().min(0).max(1).optional(),
  status429Ratio: z.number().min(0).max(1).optional(),
  retryAfterSeconds: z.int().min(0).max(3600).optional(),
  resetRatio: z.number().min(0).max(1).optional(),
  malformedRatio: z.number().min(0).max(1).optional(),
  count: z.int().min(1).optional(),
  /** The upstream is down (connections refused) until the faults are cleared; `path` is not used. */
  down: z.boolean().optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

interface Fault extends FaultSpec {
  id: string;
  pattern: RegExp;
  remaining: number;
}

export type FaultAction =
  | { kind: 'none'; latencyMs: number }
  | { kind: 'hang' }
  | { kind: 'reset'; latencyMs: number }
  | { kind: 'status'; status: 500 | 503 | 429; retryAfter?: number; latencyMs: number }
  | { kind: 'malformed'; latencyMs: number };

const globToRegExp = (glob: string) =>
  new RegExp(
    `^${glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );

export class FaultRegistry {
  private faults: Fault[] = [];
  private downListeners = new Set<(down: boolean) => void>();
  injected = 0;

  add(spec: FaultSpec): string {
    const id = randomUUID();
    const wasDown = this.isDown();
    this.faults.push({ ...spec, id, pattern: globToRegExp(spec.path), remaining: spec.count ?? Infinity });
    if (spec.down) {
      this.injected += 1;
      if (!wasDown) for (const listener of this.downListeners) listener(true);
    }
    return id;
  }

  clear(): void {
    const wasDown = this.isDown();
    this.faults = [];
    if (wasDown) for (const listener of this.downListeners) listener(false);
  }

  /** Whether a `down` fault holds (the simulator keeps answering whoever reaches it directly). */
  isDown(): boolean {
    return this.faults.some((f) => f.down);
  }

  /** Called with true when a `down` fault is added, false when the faults are cleared. */
  onDownChange(listener: (down: boolean) => void): () => void {
    this.downListeners.add(listener);
    return () => this.downListeners.delete(listener);
  }

  /** Decides what happens to one request (consumes a count when a fault applies). */
  decide(method: string, path: string): FaultAction {
    const fault = this.faults.find((f) => !f.down && f.remaining > 0 && (!f.method || f.method === method) && f.pattern.test(path));
    if (!fault) return { kind: 'none', latencyMs: 0 };
    fault.remaining -= 1;
    const latencyMs = fault.latencyMs ?? 0;
    const roll = Math.random();
    let action: FaultAction = { kind: 'none', latencyMs };
    if (fault.hang) action = { kind: 'hang' };
    else if (roll < (fault.resetRatio ?? 0)) action = { kind: 'reset', latencyMs };
    else if (roll < (fault.resetRatio ?? 0) + (fault.status5xxRatio ?? 0)) action = { kind: 'status', status: 503, latencyMs };
    else if (roll < (fault.resetRatio ?? 0) + (fault.status5xxRatio ?? 0) + (fault.status429Ratio ?? 0))
      action = { kind: 'status', status: 429, retryAfter: fault.retryAfterSeconds ?? 1, latencyMs };
    else if (roll < (fault.resetRatio ?? 0) + (fault.status5xxRatio ?? 0) + (fault.status429Ratio ?? 0) + (fault.malformedRatio ?? 0))
      action = { kind: 'malformed', latencyMs };
    if (action.kind !== 'none' || latencyMs > 0) this.injected += 1;
    return action;
  }
}
