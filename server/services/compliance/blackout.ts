/**
 * Blackout dates: the calendars of public holidays in use (from `date-holidays`, offline data),
 * the team's own dates, and the dates blacked out in a range (`blackoutDays`), with their SQL.
 * A date is a plain local date: a campaign takes it in its own time zone (blackout-pauses.ts).
 */
import Holidays from 'date-holidays';
import type { Queryable } from '../../../common/db';
import type { BlackoutCalendar, BlackoutDay, BlackoutPause } from '../../../contract/bff/blackout';

const names = new Holidays();

/** The calendar's name ("France", "United States of America, California"), or null when `date-holidays` has no such calendar. */
export function calendarName(code: string): string | null {
  const [country, region] = code.split('-') as [string, string | undefined];
  const country_ = (names.getCountries('en') as Record<string, string> | undefined)?.[country];
  if (!country_) return null;
  if (!region) return country_;
  const region_ = (names.getStates(country, 'en') as Record<string, string> | undefined)?.[region];
  return region_ ? `${country_}, ${region_}` : null;
}

/** Public holidays of one calendar in [from, to] (ISO dates), by local date. */
function holidaysOf(code: string, from: string, to: string): BlackoutDay[] {
  const [country, region] = code.split('-') as [string, string | undefined];
  const hd = region ? new Holidays(country, region) : new Holidays(country);
  const days: BlackoutDay[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const h of hd.getHolidays(year, 'en') || []) {
      const date = h.date.slice(0, 10);
      if (h.type === 'public' && date >= from && date <= to) days.push({ date, label: h.name, source: 'holiday', calendar: code });
    }
  }
  return days;
}

export async function listCalendars(db: Queryable): Promise<BlackoutCalendar[]> {
  const { rows } = await db.query<{ code: string }>('SELECT code FROM blackout_calendars ORDER BY code');
  return rows.map((r) => ({ code: r.code, name: calendarName(r.code) ?? r.code }));
}

/** The calendars in use become exactly these (already checked). */
export async function setCalendars(db: Queryable, codes: readonly string[], by: string): Promise<void> {
  await db.query('DELETE FROM blackout_calendars WHERE NOT (code = ANY($1::text[]))', [codes]);
  await db.query('INSERT INTO blackout_calendars (code, added_by) SELECT unnest($1::text[]), $2 ON CONFLICT (code) DO NOTHING', [codes, by]);
}

/** Adds or relabels a team date; 'full' when BLACKOUT_LIMITS.datesMax are there already. */
export async function addDate(db: Queryable, date: string, label: string, by: string, max: number): Promise<'ok' | 'full'> {
  const { rows } = await db.query<{ day: string }>(
    `INSERT INTO blackout_dates (day, label, added_by)
     SELECT $1::date, $2, $3 WHERE (SELECT count(*) FROM blackout_dates) < $4 OR EXISTS (SELECT 1 FROM blackout_dates WHERE day = $1::date)
     ON CONFLICT (day) DO UPDATE SET label = EXCLUDED.label RETURNING day::text`,
    [date, label, by, max],
  );
  return rows[0] ? 'ok' : 'full';
}

export async function removeDate(db: Queryable, date: string): Promise<boolean> {
  return (await db.query('DELETE FROM blackout_dates WHERE day = $1::date', [date])).rowCount > 0;
}

/** Every blacked-out date in [from, to]: the team's and the holidays of the calendars in use, by date. */
export async function blackoutDays(db: Queryable, from: string, to: string): Promise<BlackoutDay[]> {
  const [{ rows: team }, calendars] = await Promise.all([
    db.query<{ day: string; label: string }>('SELECT day::text AS day, label FROM blackout_dates WHERE day BETWEEN $1::date AND $2::date', [from, to]),
    listCalendars(db),
  ]);
  const days: BlackoutDay[] = [
    ...team.map((r) => ({ date: r.day, label: r.label, source: 'team' as const, calendar: null })),
    ...calendars.flatMap((c) => holidaysOf(c.code, from, to)),
  ];
  return days.sort((a, b) => a.date.localeCompare(b.date) || a.label.localeCompare(b.label));
}

/** The pauses the worker made for blackout dates, newest date first, with the campaign's name. */
export async function listPauses(db: Queryable): Promise<BlackoutPause[]> {
  const { rows } = await db.query<{
    campaign_id: string;
    name: string | null;
    day: string;
    state: BlackoutPause['state'];
    attempts: number;
    error: string | null;
    paused_at: Date | null;
    resumed_at: Date | null;
  }>(
    `SELECT p.campaign_id, c.name, p.day::text AS day, p.state, p.attempts, p.error, p.paused_at, p.resumed_at
       FROM blackout_pauses p LEFT JOIN campaigns c ON c.id = p.campaign_id ORDER BY p.day DESC, c.name LIMIT 100`,
  );
  return rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: r.name,
    date: r.day,
    state: r.state,
    attempts: r.attempts,
    error: r.error,
    pausedAt: r.paused_at ? new Date(r.paused_at).toISOString() : null,
    resumedAt: r.resumed_at ? new Date(r.resumed_at).toISOString() : null,
  }));
}
