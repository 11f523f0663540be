/**
 * The index's request rate, found rather than configured (issue 30, ADR 0055): the real Voice API's
 * rate limit is not documented. The rate starts low and grows while the index uses it and the
 * answers stay fast and free of 429s (×GROWTH per second, slowly once near a limit met before);
 * a 429 halves it at once (the reader also waits out Retry-After), a slow answer cuts it by
 * SLOW_CUT. It never goes under `min` nor over `max`. Pure: the reader tells it what happened.
 */
export interface AdaptiveRateSettings {
  /** Requests per second at the start. */
  start: number;
  /** The ceiling; equal to `start`, the rate is fixed. */
  max: number;
  /** An answer slower than this (ms) counts as the upstream struggling. */
  slowMs: number;
}

export interface RateState {
  perSecond: number;
  max: number;
  /** The last 429: when (epoch ms) and at what rate. */
  lastLimit: { at: number; perSecond: number } | null;
}

const WINDOW_MS = 1_000;
/** Growth per busy, healthy second far from a known limit. */
const GROWTH = 1.15;
/** Near a limit met before (NEAR of it and above): a slow step per second instead. */
const NEAR = 0.8;
const CREEP = 0.02;
const LIMIT_CUT = 0.5;
const SLOW_CUT = 0.7;
/** A window counts as busy when the index sent at least this share of what the rate allowed. */
const BUSY = 0.7;
const MIN_RATE = 0.5;

export class AdaptiveRate {
  private rate: number;
  private lastLimit: RateState['lastLimit'] = null;
  private windowStart: number;
  private sent = 0;
  private slow = 0;
  private limited = false;

  constructor(
    private readonly settings: AdaptiveRateSettings,
    now = Date.now(),
  ) {
    this.rate = Math.min(settings.start, settings.max);
    this.windowStart = now;
  }

  /** Requests per second allowed now (closing the current window first if it is over). */
  perSecond(now = Date.now()): number {
    this.roll(now);
    return this.rate;
  }

  /** A request left. */
  sentOne(now = Date.now()): void {
    this.roll(now);
    this.sent += 1;
  }

  /** An answer that was not a 429 came after `ms`. */
  answered(ms: number, now = Date.now()): void {
    this.roll(now);
    if (ms > this.settings.slowMs) this.slow += 1;
  }

  /** A 429: halve at once (once per window: a burst of 429s is one signal). */
  rateLimited(now = Date.now()): void {
    this.roll(now);
    if (this.limited) return;
    this.limited = true;
    this.lastLimit = { at: now, perSecond: this.rate };
    this.rate = Math.max(MIN_RATE, this.rate * LIMIT_CUT);
  }

  state(now = Date.now()): RateState {
    return { perSecond: Math.round(this.perSecond(now) * 10) / 10, max: this.settings.max, lastLimit: this.lastLimit };
  }

  private roll(now: number): void {
    if (now - this.windowStart < WINDOW_MS) return;
    const seconds = (now - this.windowStart) / 1000;
    if (this.slow > 0) this.rate = Math.max(MIN_RATE, this.rate * SLOW_CUT);
    else if (!this.limited && this.sent >= BUSY * this.rate * Math.min(seconds, 1) && this.rate < this.settings.max) {
      const near = this.lastLimit && this.rate >= NEAR * this.lastLimit.perSecond;
      this.rate = Math.min(this.settings.max, near ? this.rate * (1 + CREEP) + 0.1 : this.rate * GROWTH);
    }
    this.windowStart = now;
    this.sent = 0;
    this.slow = 0;
    this.limited = false;
  }
}
