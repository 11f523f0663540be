/**
 * scrypt password hashes (node:crypto). Cost N=2^13, r=8, p=10: one of the settings OWASP's
 * Password Storage Cheat Sheet lists as equal in strength to its minimum (N=2^17, r=8, p=1), the
 * one with the least memory: 8 MiB per hash instead of 128 (ADR 0023). About 200 ms of one core
 * on this class of machine.
 *
 * Hashes made with other parameters (the earlier N=2^15, r=8, p=1: 32 MiB, below that minimum)
 * still verify, since each stored hash names its own; `needsRehash` tells sign-in to replace them.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { SIGN_IN_HASH_LIMITS } from '../../../contract/bff/http.plain';

const N = 2 ** 13;
const R = 8;
const P = 10;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

/** scrypt's working memory for one hash: its table of N blocks of 128·r bytes (p lanes run one after another). */
export const scryptBytes = (n: number, r: number) => 128 * n * r;

/**
 * Hashes run on libuv's thread pool, which static files and DNS need too: at most half of the
 * pool hashes at once. Each hash also holds its scrypt table outside the heap while it runs, so
 * hashes in progress hold at most HASH_MEMORY_BYTES together (32 MiB: four of today's, or one of
 * the earlier 32 MiB ones). The rest wait in this queue, so a burst of sign-ins slows sign-ins
 * only, and the BFF's memory does not grow with them.
 *
 * The waiting is bounded and shared fairly (issue 28): jobs wait in one lane per key (the
 * sign-in's address), the lanes take turns, and a key holds at most SIGN_IN_HASH_LIMITS.perAddress
 * jobs; all lanes together at most SIGN_IN_HASH_LIMITS.waiting. A hundred sign-ins from one
 * address then cost another address at most one turn, and the hundredth is told to come back
 * (HashQueueFull, answered 429 or 503 with Retry-After) instead of waiting behind the other 99.
 * A sign-in takes its place in the share before its database work (`hold`), so the address's
 * surplus is refused before it costs the database anything either: a hundred sign-ins from one
 * address counted on one row held a pool connection each while they waited for that row's lock.
 */
// Read when this module loads: server.ts sets UV_THREADPOOL_SIZE before (server/threadpool.ts);
// elsewhere (tests, the CLI) the pool has libuv's default size. A hash is a core's work for its
// whole time, so hashes also leave a core to the event loop and the database: on a 2-core machine
// one at a time (four hashes on two cores held every request of the burst's 100 sign-ins for ~700 ms).
export const HASH_CONCURRENCY = Math.max(1, Math.min(Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2), availableParallelism() - 1));
export const HASH_MEMORY_BYTES = 32 * 1024 * 1024;
/** One hash's time, rounded up, for the Retry-After of a full queue. */
const HASH_SECONDS = 0.25;

/** The queue would not take the job: its key holds its share ('key'), or every lane is full ('all'). */
export class HashQueueFull extends Error {
  constructor(
    readonly scope: 'key' | 'all',
    readonly retryAfterSeconds: number,
  ) {
    super(scope === 'key' ? 'This address has its share of password checks waiting.' : 'The password-check queue is full.');
    this.name = 'HashQueueFull';
  }
}

/** A key's place in the queue's share, taken for a whole sign-in (HashQueue.hold). */
export interface Hold {
  readonly key: string;
  release(): void;
}

interface Job {
  key: string;
  weight: number;
  start: () => void;
}

/**
 * Admits jobs while both the count and the bytes fit (one job always runs), taking the lanes in
 * turn. Jobs without a key (creating or resetting a user) share one lane and are never refused.
 */
export class HashQueue {
  private running = 0;
  private bytes = 0;
  private waitingCount = 0;
  /** Insertion order is the turn order: a lane that was served goes to the back. */
  private readonly lanes = new Map<string, Job[]>();
  /** Jobs held (waiting or running) per key. */
  private readonly held = new Map<string, number>();
  /** High-water marks, for tests and diagnostics. */
  readonly peak = { running: 0, bytes: 0 };

  constructor(
    private readonly maxRunning: number,
    private readonly maxBytes: number,
    private readonly share: { perKey: number; waiting: number } = { perKey: Infinity, waiting: Infinity },
  ) {}

  /**
   * Takes one of the key's share for a whole sign-in, from before its database checks to the end of
   * its hash (`run` with the hold then counts nothing again). Throws HashQueueFull('key') when the key
   * holds its share; `release` (idempotent) gives the place back.
   */
  hold(key: string): Hold {
    const held = this.held.get(key) ?? 0;
    if (held >= this.share.perKey) throw new HashQueueFull('key', this.retryAfterSeconds());
    this.held.set(key, held + 1);
    let released = false;
    return {
      key,
      release: () => {
        if (released) return;
        released = true;
        this.drop(key);
      },
    };
  }

  run<T>(weight: number, job: () => Promise<T>, key: string | Hold = ''): Promise<T> {
    const hold = typeof key === 'string' ? null : key;
    const name = hold ? hold.key : (key as string);
    const held = this.held.get(name) ?? 0;
    if (!hold && name !== '' && held >= this.share.perKey) return Promise.reject(new HashQueueFull('key', this.retryAfterSeconds()));
    if (name !== '' && this.waitingCount >= this.share.waiting) return Promise.reject(new HashQueueFull('all', this.retryAfterSeconds()));
    return new Promise<T>((resolve, reject) => {
      if (!hold) this.held.set(name, held + 1);
      const lane = this.lanes.get(name) ?? [];
      lane.push({
        key: name,
        weight,
        start: () => {
          job()
            .then(resolve, reject)
            .finally(() => {
              this.running -= 1;
              this.bytes -= weight;
              if (!hold) this.drop(name);
              this.next();
            });
        },
      });
      this.lanes.set(name, lane);
      this.waitingCount += 1;
      this.next();
    });
  }

  private drop(key: string): void {
    const left = (this.held.get(key) ?? 1) - 1;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
  }

  /** Seconds until the jobs now held would be done, at one hash per slot: at least 1. */
  private retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(((this.waitingCount + this.running) / this.maxRunning) * HASH_SECONDS));
  }

  private next(): void {
    for (;;) {
      const first = this.lanes.entries().next();
      if (first.done) return;
      const [key, lane] = first.value;
      const head = lane[0]!;
      const fits = this.running === 0 || (this.running < this.maxRunning && this.bytes + head.weight <= this.maxBytes);
      if (!fits) return;
      lane.shift();
      this.lanes.delete(key);
      if (lane.length > 0) this.lanes.set(key, lane);
      this.waitingCount -= 1;
      this.running += 1;
      this.bytes += head.weight;
      this.peak.running = Math.max(this.peak.running, this.running);
      this.peak.bytes = Math.max(this.peak.bytes, this.bytes);
      head.start();
    }
  }
}

export const hashQueue = new HashQueue(HASH_CONCURRENCY, HASH_MEMORY_BYTES, {
  perKey: SIGN_IN_HASH_LIMITS.perAddress,
  waiting: SIGN_IN_HASH_LIMITS.waiting,
});

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions & { N: number; r: number }, key?: string | Hold) =>
  hashQueue.run(
    scryptBytes(options.N, options.r),
    () => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, derived) => (err ? reject(err) : resolve(derived)))),
    key,
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * `address`: the sign-in's, whose lane the check waits in (HashQueueFull when its share is taken),
 * or the place the sign-in already holds in it (`hashQueue.hold(address)`).
 */
export async function verifyPassword(password: string, stored: string, address?: string | Hold): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM }, address);
  return timingSafeEqual(actual, expected);
}

/** True when a stored hash was made with other parameters than today's (replace it at the next sign-in). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) !== N || Number(r) !== R || Number(p) !== P;
}

/** A hash to compare against when the user does not exist, so timing does not reveal it. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
