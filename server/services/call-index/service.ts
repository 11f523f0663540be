/**
 * The call index as a running service: every interval, the instance that holds the leadership
 * runs one sync pass (syncer.ts); the others only answer reads. Started when the app is ready,
 * stopped before it closes.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../common/db';
import type { Upstream } from '../upstream/upstream';
import { AdvisoryLeadership, alwaysLeader, type Leadership } from './leader';
import { IndexReader } from './reader';
import { writeSyncState } from './store';
import { IndexSyncer, type SyncLog, type SyncOptions } from './syncer';

/**
 * The longest an index request waits for people's reads to pause (ADR 0027): under sustained
 * traffic the sync still makes a request every so often, so the index lags but never stops.
 */
export const YIELD_MAX_MS = 2_000;

export interface CallIndexSettings extends SyncOptions {
  enabled: boolean;
  intervalMs: number;
  ratePerSecond: number;
  /** The most the rate grows to (rate.ts); absent: fixed at ratePerSecond. */
  maxRatePerSecond?: number;
  timeoutMs: number;
  /** PostgreSQL URL (several instances: one syncs, by advisory lock); absent (some tests): always the syncer. */
  databaseUrl?: string;
  /** A search counts at most this many matches unless asked for all (INDEX_COUNT_CAP; default INDEX_DEFAULT_COUNT_CAP). */
  countCap?: number;
}

export class CallIndexService {
  readonly instanceId = randomUUID();
  readonly reader: IndexReader;
  readonly syncer: IndexSyncer;
  private readonly leadership: Leadership;
  private abort = new AbortController();
  private loop: Promise<void> | null = null;
  /** Whether this instance held the lock at its last try. */
  leading = false;
  /** Passes finished (ok or not) by this instance; tests wait on it. */
  passes = 0;

  constructor(
    private readonly db: Db,
    upstream: Upstream,
    private readonly log: SyncLog,
    readonly settings: CallIndexSettings,
  ) {
    this.reader = new IndexReader(upstream, {
      ratePerSecond: settings.ratePerSecond,
      maxRatePerSecond: settings.maxRatePerSecond,
      connections: Math.max(1, settings.concurrency),
      timeoutMs: settings.timeoutMs,
      onThrottle: (until) => log.warn({ until: new Date(until).toISOString() }, 'Call index: the Voice API asked to slow down; the index waits.'),
      // People's reads first: each index request waits for a quiet moment, at most YIELD_MAX_MS.
      yieldTo: (signal) => upstream.interactive.quiet(YIELD_MAX_MS, signal),
    });
    this.syncer = new IndexSyncer(db, this.reader, log, settings);
    this.leadership = settings.databaseUrl ? new AdvisoryLeadership(settings.databaseUrl) : alwaysLeader;
  }

  start(): void {
    if (!this.settings.enabled || this.loop) return;
    this.loop = this.run(this.abort.signal);
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const started = Date.now();
      // A pass that left transcripts waiting is followed at once; otherwise the interval is waited out.
      let more = false;
      try {
        this.leading = await this.leadership.acquire();
        if (this.leading) {
          await writeSyncState(this.db, { syncer: this.instanceId, syncer_seen_at: new Date() });
          more = await this.syncer.pass(signal);
        }
      } catch {
        // Recorded in the status by the pass (or a database hiccup): the next interval tries again.
      }
      if (this.leading) this.passes += 1;
      const wait = more ? 0 : this.settings.intervalMs - (Date.now() - started);
      await sleep(Math.max(wait, 50), undefined, { signal }).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop?.catch(() => undefined);
    this.loop = null;
    this.abort = new AbortController();
    await this.leadership.release();
    await this.reader.close();
  }
}
