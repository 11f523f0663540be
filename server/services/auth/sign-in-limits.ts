/**
 * Sign-in limits, counted in the database (so they hold across every BFF process on one
 * PostgreSQL) and counted BEFORE the password is looked up and hashed, in one atomic statement
 * per counter: fifty parallel guesses cannot all be evaluated, whatever their timing.
 *
 * Three counters per attempt, each a fixed 15-minute window:
 * - account + address: `max` attempts, then 429 for that pair only. A stranger elsewhere cannot
 *   lock the real user out, and one attacker behind an office's NAT locks out only the accounts it
 *   guesses, not the office.
 * - address (across accounts, spraying): `max` x ADDRESS_FACTOR attempts; past it the address is
 *   held to the accounts that signed in successfully from it before (within KNOWN_DAYS): everyone
 *   behind that NAT who has worked from it keeps signing in; only new pairs wait.
 * - account (across addresses, a botnet on one account): `max` x ACCOUNT_FACTOR attempts; past it,
 *   likewise only addresses the account signed in from before.
 * A success removes its own attempt from the address and account counts and clears the pair.
 */
import type { Queryable } from '../../../common/db';

export const WINDOW_MINUTES = 15;
export const ADDRESS_FACTOR = 20;
export const ACCOUNT_FACTOR = 10;
export const KNOWN_DAYS = 30;

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number; reason: 'pair' | 'address' | 'account' };

interface Count {
  attempts: number;
  retryAfterSeconds: number;
}

/** Counts one attempt in a bucket, atomically; a window older than 15 minutes starts again. */
async function count(db: Queryable, bucket: string): Promise<Count> {
  const { rows } = await db.query<{ attempts: number; retry: number }>(
    `INSERT INTO login_limits AS l (bucket, attempts, window_start) VALUES ($1, 1, now())
     ON CONFLICT (bucket) DO UPDATE SET
       attempts = CASE WHEN l.window_start < now() - make_interval(mins => $2) THEN 1 ELSE l.attempts + 1 END,
       window_start = CASE WHEN l.window_start < now() - make_interval(mins => $2) THEN now() ELSE l.window_start END
     RETURNING attempts, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(mins => $2) - now()))))::int AS retry`,
    [bucket, WINDOW_MINUTES],
  );
  return { attempts: rows[0]!.attempts, retryAfterSeconds: rows[0]!.retry };
}

const keys = (username: string, address: string) => {
  const account = username.trim().toLowerCase();
  return { pair: `pair:${account}|${address}`, address: `addr:${address}`, account: `acct:${account}`, name: account };
};

/** Counts this attempt and says whether it may be evaluated. Call before any lookup or hash. */
export async function admit(db: Queryable, username: string, address: string, max: number): Promise<Verdict> {
  const k = keys(username, address);
  const pair = await count(db, k.pair);
  if (pair.attempts > max) return { ok: false, retryAfterSeconds: pair.retryAfterSeconds, reason: 'pair' };
  const [byAddress, byAccount] = await Promise.all([count(db, k.address), count(db, k.account)]);
  const overAddress = byAddress.attempts > max * ADDRESS_FACTOR;
  const overAccount = byAccount.attempts > max * ACCOUNT_FACTOR;
  if (!overAddress && !overAccount) return { ok: true };
  const { rows } = await db.query('SELECT 1 FROM login_known WHERE username = $1 AND address = $2 AND last_ok >= now() - make_interval(days => $3)', [
    k.name,
    address,
    KNOWN_DAYS,
  ]);
  if (rows.length > 0) return { ok: true };
  return overAddress
    ? { ok: false, retryAfterSeconds: byAddress.retryAfterSeconds, reason: 'address' }
    : { ok: false, retryAfterSeconds: byAccount.retryAfterSeconds, reason: 'account' };
}

/** A successful sign-in: the pair is cleared, its attempt leaves the shared counts, the pair becomes known. */
export async function succeeded(db: Queryable, username: string, address: string): Promise<void> {
  const k = keys(username, address);
  await db.query('DELETE FROM login_limits WHERE bucket = $1', [k.pair]);
  await db.query('UPDATE login_limits SET attempts = GREATEST(0, attempts - 1) WHERE bucket = ANY($1::text[])', [[k.address, k.account]]);
  await db.query(
    `INSERT INTO login_known (username, address, last_ok) VALUES ($1, $2, now())
     ON CONFLICT (username, address) DO UPDATE SET last_ok = now()`,
    [k.name, address],
  );
  if (Math.random() < 0.02) await prune(db);
}

export async function prune(db: Queryable): Promise<void> {
  await db.query('DELETE FROM login_limits WHERE window_start < now() - make_interval(mins => $1)', [WINDOW_MINUTES]);
  await db.query('DELETE FROM login_known WHERE last_ok < now() - make_interval(days => $1)', [KNOWN_DAYS]);
}
