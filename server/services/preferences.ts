/**
 * Each user's console preferences (the display time zone), kept so they follow the user from
 * browser to browser. A user with no row gets the defaults. Read by GET /bff/preferences and by
 * GET /auth/bootstrap, written by PUT /bff/preferences.
 */
import type { Queryable } from '../../common/db';
import { DEFAULT_PREFERENCES, type Preferences } from '../../contract/bff/preferences';

/** A user's preferences (the defaults without a row). */
export async function readPreferences(db: Queryable, userId: number): Promise<Preferences> {
  const { rows } = await db.query<{ time_zone: string | null }>('SELECT time_zone FROM preferences WHERE user_id = $1', [userId]);
  return rows[0] ? { timeZone: rows[0].time_zone } : DEFAULT_PREFERENCES;
}

export async function writePreferences(db: Queryable, userId: number, preferences: Preferences): Promise<void> {
  await db.query(
    `INSERT INTO preferences (user_id, time_zone, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`,
    [userId, preferences.timeZone],
  );
}
