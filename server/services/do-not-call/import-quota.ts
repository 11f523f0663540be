/**
 * The quota of do-not-call imports per person and minute (DNC_IMPORTS_PER_USER_PER_MINUTE, issue
 * 28): one person's script sending 5,000-row imports back to back held the database, and with it
 * every other person's screen. Each import is counted in `dnc_imports`, in its own transaction,
 * under a lock per person, so parallel imports cannot pass the quota between them; that
 * transaction also deletes the person's rows older than the minute. The route also asks before
 * the body is read (`quotaRefusal`), so a refused import costs one small query, not a parse and
 * 5,000 numbers normalised.
 */
import type { Queryable } from '../../../common/db';
import { DNC_IMPORTS_PER_USER_PER_MINUTE } from '../../../contract/bff/do-not-call';
import { HttpError } from '../../http';

/** The refusal past the quota, or null; `waitSeconds` until the oldest import of the minute is out of it. */
function refusal(count: number, waitSeconds: number): HttpError | null {
  if (count < DNC_IMPORTS_PER_USER_PER_MINUTE) return null;
  const wait = Math.min(60, Math.max(1, Math.ceil(waitSeconds)));
  return new HttpError(429, `You have sent ${count} imports in the last minute, the most one person may. Try again in ${wait} s; your rows are kept.`, [], {
    'Retry-After': String(wait),
  });
}

const COUNT_SQL = `SELECT count(*)::int AS n,
        coalesce(extract(epoch FROM min(at) + interval '1 minute' - clock_timestamp()), 0)::float8 AS wait
   FROM dnc_imports WHERE user_id = $1 AND at > clock_timestamp() - interval '1 minute'`;

/** Whether this person may import now (read only: the route asks before reading the body). */
export async function quotaRefusal(db: Queryable, userId: number): Promise<HttpError | null> {
  const { rows } = await db.query<{ n: number; wait: number }>(COUNT_SQL, [userId]);
  return refusal(rows[0]!.n, rows[0]!.wait);
}

/**
 * Counts an import against the person's quota, inside the import's transaction: throws the 429
 * past it (the transaction then writes nothing).
 */
export async function takeImport(tx: Queryable, userId: number): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('dnc-import'), $1)", [userId]);
  await tx.query("DELETE FROM dnc_imports WHERE user_id = $1 AND at <= clock_timestamp() - interval '1 minute'", [userId]);
  const { rows: counted } = await tx.query<{ n: number; wait: number }>(COUNT_SQL, [userId]);
  const refused = refusal(counted[0]!.n, counted[0]!.wait);
  if (refused) throw refused;
  await tx.query('INSERT INTO dnc_imports (user_id, at) VALUES ($1, clock_timestamp())', [userId]);
}
