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
 * the earlier 32 MiB ones). The rest wait in this queue, in order, so a burst of sign-ins slows
 * sign-ins only, and the BFF's memory does not grow with them.
 */
// Read when this module loads: server.ts sets UV_THREADPOOL_SIZE before (server/threadpool.ts);
// elsewhere (tests, the CLI) the pool has libuv's default size.
export const HASH_CONCURRENCY = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
export const HASH_MEMORY_BYTES = 32 * 1024 * 1024;

/** A first-in, first-out queue admitting jobs while both the count and the bytes fit (one job always runs). */
export class HashQueue {
  private running = 0;
  private bytes = 0;
  private readonly waiting: { weight: number; start: () => void }[] = [];
  /** High-water marks, for tests and diagnostics. */
  readonly peak = { running: 0, bytes: 0 };

  constructor(
    private readonly maxRunning: number,
    private readonly maxBytes: number,
  ) {}

  run<T>(weight: number, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({
        weight,
        start: () => {
          job()
            .then(resolve, reject)
            .finally(() => {
              this.running -= 1;
              this.bytes -= weight;
              this.next();
            });
        },
      });
      this.next();
    });
  }

  private next(): void {
    for (;;) {
      const head = this.waiting[0];
      if (!head) return;
      const fits = this.running === 0 || (this.running < this.maxRunning && this.bytes + head.weight <= this.maxBytes);
      if (!fits) return;
      this.waiting.shift();
      this.running += 1;
      this.bytes += head.weight;
      this.peak.running = Math.max(this.peak.running, this.running);
      this.peak.bytes = Math.max(this.peak.bytes, this.bytes);
      head.start();
    }
  }
}

export const hashQueue = new HashQueue(HASH_CONCURRENCY, HASH_MEMORY_BYTES);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions & { N: number; r: number }) =>
  hashQueue.run(
    scryptBytes(options.N, options.r),
    () => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: MAXMEM });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p), maxmem: MAXMEM });
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
