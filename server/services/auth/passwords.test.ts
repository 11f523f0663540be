import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFull, hashPassword, needsRehash, scryptBytes, verifyPassword } from './passwords';

const MiB = 1024 * 1024;
/** OWASP Password Storage Cheat Sheet: scrypt settings of equal strength to its minimum (N=2^17, r=8, p=1). */
const OWASP_EQUIVALENT = [
  { N: 2 ** 17, r: 8, p: 1 },
  { N: 2 ** 16, r: 8, p: 2 },
  { N: 2 ** 15, r: 8, p: 3 },
  { N: 2 ** 14, r: 8, p: 5 },
  { N: 2 ** 13, r: 8, p: 10 },
];
const params = (stored: string) => {
  const [, N, r, p] = stored.split('$');
  return { N: Number(N), r: Number(r), p: Number(p) };
};
/** A hash as the BFF made them before ADR 0023: N=2^15, r=8, p=1 (32 MiB, below OWASP's minimum). */
const legacyHash = (password: string) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * MiB });
  return `scrypt$${2 ** 15}$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
};

describe('password hashes', () => {
  it('are made with an OWASP-minimum setting, the one that needs 8 MiB', async () => {
    const stored = await hashPassword('correct horse');
    expect(OWASP_EQUIVALENT).toContainEqual(params(stored));
    expect(scryptBytes(params(stored).N, params(stored).r)).toBeLessThanOrEqual(8 * MiB);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('still verify when made with the earlier parameters, which are marked for replacement', async () => {
    const stored = legacyHash('old password');
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
  });
});

describe('the hash queue', () => {
  const job = (log: number[], i: number) => () => new Promise<number>((resolve) => setTimeout(() => (log.push(i), resolve(i)), 5));

  it('holds at most its byte budget of scrypt tables at once, and at most its count', async () => {
    const queue = new HashQueue(4, 32 * MiB);
    const log: number[] = [];
    await Promise.all(Array.from({ length: 10 }, (_, i) => queue.run(scryptBytes(2 ** 13, 8), job(log, i))));
    expect(queue.peak).toEqual({ running: 4, bytes: 32 * MiB });
    expect(log).toEqual([...Array(10).keys()]);
  });

  it('runs hashes of the earlier 32 MiB kind one at a time, in order with the rest', async () => {
    const queue = new HashQueue(4, 32 * MiB);
    const log: number[] = [];
    const weights = [32, 32, 8, 32, 8, 8].map((w) => w * MiB);
    const results = await Promise.all(weights.map((w, i) => queue.run(w, job(log, i))));
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.peak.bytes).toBe(32 * MiB);
    expect(log).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes the lanes in turn: a burst from one key costs another key at most one turn', async () => {
    const queue = new HashQueue(1, 32 * MiB, { perKey: 10, waiting: 100 });
    const log: number[] = [];
    const burst = Array.from({ length: 6 }, (_, i) => queue.run(8 * MiB, job(log, i), 'a'));
    const other = queue.run(8 * MiB, job(log, 100), 'b');
    await Promise.all([...burst, other]);
    // 0 was running when 'b' arrived; 1 had its turn queued first; then b.
    expect(log.indexOf(100)).toBeLessThanOrEqual(2);
  });

  it("refuses a key's job past its share, and any keyed job past the queue's bound, saying when to come back", async () => {
    const queue = new HashQueue(1, 32 * MiB, { perKey: 2, waiting: 3 });
    const log: number[] = [];
    const held = [queue.run(8 * MiB, job(log, 0), 'a'), queue.run(8 * MiB, job(log, 1), 'a')];
    const refused = await queue.run(8 * MiB, job(log, 2), 'a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HashQueueFull);
    expect(refused).toMatchObject({ scope: 'key' });
    expect((refused as HashQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    held.push(queue.run(8 * MiB, job(log, 3), 'b'), queue.run(8 * MiB, job(log, 4), 'c'));
    // Waiting now: a's second, b, c (a's first runs): the bound of 3 is reached.
    await expect(queue.run(8 * MiB, job(log, 5), 'd')).rejects.toMatchObject({ scope: 'all' });
    // Jobs with no key (an admin creating a user) are never refused.
    held.push(queue.run(8 * MiB, job(log, 6)));
    await Promise.all(held);
    expect(log.sort()).toEqual([0, 1, 3, 4, 6]);
    // Once done, the key has its share again.
    expect(await queue.run(8 * MiB, async () => 'again', 'a')).toBe('again');
  });

  it('runs a job larger than the budget alone rather than never', async () => {
    const queue = new HashQueue(4, 8 * MiB);
    expect(await queue.run(128 * MiB, async () => 'done')).toBe('done');
    expect(queue.peak.running).toBe(1);
  });
});
