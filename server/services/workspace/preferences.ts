/**
 * Each user's console preferences (the display time zone, the calls table's columns and density),
 * kept so they follow the user from browser to browser. A user with no row gets the defaults. Read
 * by GET /bff/preferences and by GET /auth/bootstrap, written by PUT /bff/preferences.
 */
import type { Queryable } from '../../../common/db';
import { CallsTablePrefs, DEFAULT_PREFERENCES, type Preferences, type PreferencesBody } from '../../../contract/bff/preferences';

/** A user's preferences (the defaults without a row, or for a part never set). */
export async function readPreferences(db: Queryable, userId: number): Promise<Preferences> {
  const { rows } = await db.query<{ time_zone: string | null; calls_table: unknown }>('SELECT time_zone, calls_table FROM preferences WHERE user_id = $1', [
    userId,
  ]);
  const row = rows[0];
  if (!row) return DEFAULT_PREFERENCES;
  // A stored table that no longer reads (a column since removed) falls back to the defaults.
  const table = CallsTablePrefs.safeParse(row.calls_table);
  return { timeZone: row.time_zone, callsTable: table.success ? table.data : DEFAULT_PREFERENCES.callsTable };
}

/** Writes the preferences given; one left out keeps its stored value. Answers the whole object. */
export async function writePreferences(db: Queryable, userId: number, preferences: PreferencesBody): Promise<Preferences> {
  const setZone = preferences.timeZone !== undefined;
  const setTable = preferences.callsTable !== undefined;
  await db.query(
    `INSERT INTO preferences (user_id, time_zone, calls_table, updated_at) VALUES ($1, $2, $4::jsonb, now())
     ON CONFLICT (user_id) DO UPDATE SET
       time_zone = CASE WHEN $3 THEN EXCLUDED.time_zone ELSE preferences.time_zone END,
       calls_table = CASE WHEN $5 THEN EXCLUDED.calls_table ELSE preferences.calls_table END,
       updated_at = now()`,
    [userId, preferences.timeZone ?? null, setZone, setTable ? JSON.stringify(preferences.callsTable) : null, setTable],
  );
  return readPreferences(db, userId);
}
