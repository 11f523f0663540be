/**
 * The connection checks the "Voice API" page asks for (ADR 0056): every SQL statement of the
 * `upstream_checks` table. A web process asks (`requestCheck`: one open at a time, announced on
 * UPSTREAM_CHECK_CHANNEL) and reads (`latestCheck`); the worker claims one (`claimCheck`, SKIP
 * LOCKED: one worker runs it) and stores its report or error (`finishCheck`). A check started and
 * not finished within UPSTREAM_CHECK_LIMITS.staleMs failed: its worker stopped during it.
 */
import type { Queryable } from '../../../common/db';
import { DoctorReport, UPSTREAM_CHECK_CHANNEL, UPSTREAM_CHECK_LIMITS, WORKER_STOPPED_MESSAGE, type UpstreamCheck } from '../../../contract/bff/upstream-check';

interface CheckRow {
  id: string;
  requested_at: Date;
  requested_by: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  report: unknown;
  error: string | null;
}

const COLUMNS = 'id, requested_at, requested_by, started_at, finished_at, report, error';

function toCheck(row: CheckRow): UpstreamCheck {
  const parsed = row.report === null ? null : DoctorReport.safeParse(row.report);
  return {
    id: Number(row.id),
    requestedAt: row.requested_at.toISOString(),
    requestedBy: row.requested_by,
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    report: parsed?.success ? parsed.data : null,
    error: row.error ?? (parsed && !parsed.success ? 'The stored report could not be read; run the check again.' : null),
  };
}

/** A check its worker left running past staleMs is closed as failed, so it no longer holds the one open place. */
async function closeStale(db: Queryable): Promise<void> {
  await db.query(
    `UPDATE upstream_checks SET finished_at = now(), error = $2
      WHERE finished_at IS NULL AND started_at < now() - make_interval(secs => $1::float8 / 1000)`,
    [UPSTREAM_CHECK_LIMITS.staleMs, WORKER_STOPPED_MESSAGE],
  );
}

/**
 * Asks for a check: a new one when none is open (announced to the worker), else the open one.
 * Keeps the newest UPSTREAM_CHECK_LIMITS.kept.
 */
export async function requestCheck(db: Queryable, username: string | null, again = true): Promise<{ check: UpstreamCheck; created: boolean }> {
  await closeStale(db);
  // The partial unique index holds one open check: a second request at the same moment inserts nothing.
  const inserted = await db.query<CheckRow>(`INSERT INTO upstream_checks (requested_by) VALUES ($1) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`, [username]);
  const row = inserted.rows[0];
  if (row) {
    await db.query(`DELETE FROM upstream_checks WHERE id <= (SELECT id FROM upstream_checks ORDER BY id DESC OFFSET $1 LIMIT 1)`, [UPSTREAM_CHECK_LIMITS.kept]);
    await db.query(`SELECT pg_notify($1, $2)`, [UPSTREAM_CHECK_CHANNEL, String(row.id)]);
    return { check: toCheck(row), created: true };
  }
  const open = await db.query<CheckRow>(`SELECT ${COLUMNS} FROM upstream_checks WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1`);
  if (open.rows[0]) return { check: toCheck(open.rows[0]), created: false };
  // Closed between the insert and the read: ask again, once.
  if (again) return requestCheck(db, username, false);
  throw new Error('The connection check could not be asked for.');
}

/** The newest check (a stale running one reads as failed); null: never checked. */
export async function latestCheck(db: Queryable): Promise<UpstreamCheck | null> {
  const { rows } = await db.query<CheckRow>(
    `SELECT id, requested_at, requested_by, started_at,
            CASE WHEN finished_at IS NULL AND started_at < now() - make_interval(secs => $1::float8 / 1000) THEN now() ELSE finished_at END AS finished_at,
            report,
            CASE WHEN finished_at IS NULL AND started_at < now() - make_interval(secs => $1::float8 / 1000) THEN $2 ELSE error END AS error
       FROM upstream_checks ORDER BY id DESC LIMIT 1`,
    [UPSTREAM_CHECK_LIMITS.staleMs, WORKER_STOPPED_MESSAGE],
  );
  return rows[0] ? toCheck(rows[0]) : null;
}

/** The worker takes the oldest check asked for and not started (one worker each: SKIP LOCKED); null: none. */
export async function claimCheck(db: Queryable): Promise<number | null> {
  await closeStale(db);
  const { rows } = await db.query<{ id: string }>(
    `UPDATE upstream_checks SET started_at = now()
      WHERE id = (SELECT id FROM upstream_checks WHERE started_at IS NULL AND finished_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Stores a claimed check's outcome: its report, or why there is none. */
export async function finishCheck(db: Queryable, id: number, outcome: { report: DoctorReport } | { error: string }): Promise<void> {
  await db.query(`UPDATE upstream_checks SET finished_at = now(), report = $2::jsonb, error = $3 WHERE id = $1 AND finished_at IS NULL`, [
    id,
    'report' in outcome ? JSON.stringify(outcome.report) : null,
    'error' in outcome ? outcome.error : null,
  ]);
}
