/**
 * Whether the database can serve requests now: it answers, the tables every request reads
 * (users, sessions) can be read, and no query failed recently because the store itself is broken
 * (corruption, a missing file: Db.lastFault). A store that breaks while running takes the
 * instance out of the load balancer instead of answering 500s while it says it is ready.
 */
import type { Db } from '../../../common/db';

const FAULT_WINDOW_MS = 60_000;

export interface DatabaseState {
  ok: boolean;
  /** Why not, for the operator (never shown to staff beyond /readyz). */
  reason?: string;
}

export async function databaseState(db: Db): Promise<DatabaseState> {
  const fault = db.lastFault;
  if (fault && Date.now() - fault.at < FAULT_WINDOW_MS) return { ok: false, reason: 'A query failed because the store is damaged.' };
  try {
    await db.query('SELECT (SELECT count(*) FROM (SELECT 1 FROM users LIMIT 1) u) + (SELECT count(*) FROM (SELECT 1 FROM sessions LIMIT 1) s) AS n');
    return { ok: true };
  } catch {
    return { ok: false, reason: 'The database does not answer, or its tables cannot be read.' };
  }
}
