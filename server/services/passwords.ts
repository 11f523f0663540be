/**
 * scrypt password hashes (node:crypto). Cost N=2^15, r=8, p=1: about 60-90 ms on this class of
 * machine, which keeps sign-in well under its 300 ms budget while making guessing expensive.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * Hashes run on libuv's thread pool, which static files and DNS need too: at most half of the
 * pool hashes at once, the rest wait in this queue (in order), so a burst of sign-ins slows
 * sign-ins only.
 */
// Read when this module loads: server.ts sets UV_THREADPOOL_SIZE before (server/threadpool.ts);
// elsewhere (tests, the CLI) the pool has libuv's default size.
export const HASH_CONCURRENCY = Math.max(1, Math.floor((Number(process.env.UV_THREADPOOL_SIZE) || 4) / 2));
const queue = pLimit(HASH_CONCURRENCY);

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  queue(() => new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))));

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

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

/** A hash to compare against when the user does not exist, so timing does not reveal it. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
