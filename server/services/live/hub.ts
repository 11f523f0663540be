/**
 * The live board's hub, one per web process (docs/live.md, ADR 0049): it LISTENs on the live_calls
 * channel over one connection, keeps the set of calls in progress in memory (loaded from the index
 * when it starts listening, then moved by the notices), and fans each change out to the streams
 * open on this process. A stream's opening snapshot comes from that memory, not from a query.
 */
import type { Db } from '../../../common/db';
import { LIVE_CHANNEL, LIVE_LIMITS, LiveNotice, type LiveCall } from '../../../contract/bff/live';
import { readLiveCalls } from './store';

export type LiveMessage = { event: 'start'; data: { call: LiveCall } } | { event: 'end'; data: { id: string; status: string } };

export interface LiveSubscriber {
  send(message: LiveMessage): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

export class LiveHub {
  /** The calls in progress, by id; placedAt: when the BFF announced it, until the index has it (the time limit's start). */
  private readonly live = new Map<string, { call: LiveCall; placedAt: number | null }>();
  private readonly subscribers = new Set<LiveSubscriber>();
  private stopListening: (() => Promise<void>) | null = null;
  private loading: Promise<void> | null = null;
  /** The notices received while the index's set is being read (null when not reading). */
  private during: LiveNotice[] | null = null;
  /** Streams open per user on this process (LIVE_LIMITS.streamsPerUser). */
  readonly perUser = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
  ) {}

  get listening(): boolean {
    return this.stopListening !== null;
  }

  get streams(): number {
    return this.subscribers.size;
  }

  /** Starts listening; each time the connection is (re)made the set is read again from the index. */
  async start(): Promise<void> {
    this.stopListening = await this.db.listen(
      LIVE_CHANNEL,
      (payload) => this.receive(payload),
      (listening) => {
        if (listening) void this.reload();
        else this.log.warn({}, 'The live board lost its LISTEN connection; reconnecting.');
      },
    );
    await this.loading;
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }

  private reload(): Promise<void> {
    // Notices that arrive while the index is read are applied again on top of what it returns.
    const during: LiveNotice[] = [];
    this.during = during;
    this.loading = readLiveCalls(this.db, LIVE_LIMITS.snapshotCalls)
      .then((calls) => {
        const now = this.clock();
        // The index's set replaces the old one; calls the BFF placed that it has not seen yet stay (until their time limit).
        const fresh = new Map(calls.map((call) => [call.id, { call, placedAt: null as number | null }]));
        for (const [id, entry] of this.live)
          if (entry.placedAt !== null && now - entry.placedAt <= LIVE_LIMITS.placedTtlMs && !fresh.has(id)) fresh.set(id, entry);
        this.live.clear();
        for (const [id, entry] of fresh) this.live.set(id, entry);
        for (const notice of during) this.apply(notice);
        this.bound();
      })
      .finally(() => {
        if (this.during === during) this.during = null;
      })
      .catch((error: unknown) => this.log.warn({ err: (error as Error).message }, 'The live board could not read the calls in progress.'));
    return this.loading;
  }

  /** One notice from the channel: applied to the set, then sent to every stream (an unknown end is dropped). */
  receive(payload: string): void {
    let notice: LiveNotice;
    try {
      notice = LiveNotice.parse(JSON.parse(payload));
    } catch {
      this.log.warn({}, 'The live board dropped a notice it could not read.');
      return;
    }
    this.during?.push(notice);
    const message = this.apply(notice);
    if (message) this.fanOut(message);
  }

  /** A notice applied to the set: the message for the streams, or null (an end for a call not held). */
  private apply(notice: LiveNotice): LiveMessage | null {
    if (notice.kind === 'start') {
      const known = this.live.get(notice.call.id);
      // The index's row may name the campaign the BFF's answer did not: keep the fuller one.
      const call = known ? { ...known.call, ...notice.call, campaignName: notice.call.campaignName ?? known.call.campaignName } : notice.call;
      // Once the index announces it, it stays until its end (no time limit).
      this.live.set(call.id, { call, placedAt: notice.placed ? (known?.placedAt ?? this.clock()) : null });
      this.bound();
      return { event: 'start', data: { call } };
    }
    if (!this.live.delete(notice.id)) return null;
    return { event: 'end', data: { id: notice.id, status: notice.status } };
  }

  /** The calls in progress now, newest first, at most LIVE_LIMITS.snapshotCalls. */
  snapshot(): LiveCall[] {
    const now = this.clock();
    const calls: LiveCall[] = [];
    for (const [id, entry] of this.live) {
      if (entry.placedAt !== null && now - entry.placedAt > LIVE_LIMITS.placedTtlMs) this.live.delete(id);
      else calls.push(entry.call);
    }
    return calls.sort((a, b) => b.startTime.localeCompare(a.startTime)).slice(0, LIVE_LIMITS.snapshotCalls);
  }

  subscribe(subscriber: LiveSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private fanOut(message: LiveMessage): void {
    for (const s of this.subscribers) s.send(message);
  }

  /** Never more than the snapshot's limit in memory: the oldest started are dropped first. */
  private bound(): void {
    if (this.live.size <= LIVE_LIMITS.snapshotCalls) return;
    const oldest = [...this.live.values()].sort((a, b) => a.call.startTime.localeCompare(b.call.startTime));
    for (const entry of oldest.slice(0, this.live.size - LIVE_LIMITS.snapshotCalls)) this.live.delete(entry.call.id);
  }
}
