/** The running simulator's shared state, handed to routes and domain services. */
import type { Db } from '../common/db';
import type { Clock } from './domain/clock';
import type { FaultRegistry } from './control/faults';
import type { Stats } from './control/stats';
import type { SimVariant } from './http/variants';

export interface Limits {
  maxConcurrency: number;
  dailyQuota: number;
  /** Requests per second per credential; 0 turns the limit off. */
  rateLimit: number;
  tokenTtlSeconds: number;
}

export interface SimState {
  db: Db;
  clock: Clock;
  limits: Limits;
  jwtSecret: Uint8Array;
  faults: FaultRegistry;
  stats: Stats;
  /** Bumped on every write to calls: cached counts are keyed by it. */
  callsVersion: number;
  /** Page totals per list filter (http/calls.ts), per simulator: two in one process never share them. */
  callCounts: Map<string, { version: number; total: Promise<number> }>;
  /** The answer forms in force (SIM_VARIANT; empty: strict). A request's X-Sim-Variant header overrides them. */
  variants: ReadonlySet<SimVariant>;
  /** Serialises work that places calls, so limits are checked and applied atomically. */
  placing: Promise<unknown>;
}

/** Runs `fn` after every earlier placement has finished (a simple async mutex). */
export function serialise<T>(state: SimState, fn: () => Promise<T>): Promise<T> {
  const run = state.placing.then(fn, fn);
  state.placing = run.catch(() => undefined);
  return run;
}
