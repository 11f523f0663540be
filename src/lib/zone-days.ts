/**
 * Days in a display time zone, against an upstream that filters by whole UTC days. A local day
 * (00:00 to 24:00 in the zone) may span two UTC dates: `dayWindow` gives the exact UTC window of a
 * range of local days and the UTC dates that cover it (ask the upstream for those), and
 * `withinWindow` trims the rows to what was asked. Platform Intl only (no date library in the
 * calls list's first chunk).
 */

/** The exact UTC window of local days `from`..`to` (inclusive) in `zone`, and the UTC dates to ask. */
export interface DayWindow {
  /** First instant of `from` in the zone (ms since epoch, inclusive). */
  start: number;
  /** First instant of the day after `to` in the zone (exclusive). */
  end: number;
  /** The UTC dates (inclusive) whose union covers [start, end). */
  utcFrom: string;
  utcTo: string;
  /** Whether those UTC dates hold calls outside the window, so rows must be trimmed. */
  trims: boolean;
}

const partsCache = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = partsCache.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsCache.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at instant `ms`, in ms (positive east of Greenwich). */
export function zoneOffset(zone: string, ms: number): number {
  const p = Object.fromEntries(
    formatter(zone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which the wall clock in `zone` reads `date` 00:00 (or, where midnight does not
 * exist because of a DST jump, the first instant of that date).
 */
export function startOfDay(date: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  // Two passes settle the offset around a transition; then step forward if midnight was skipped.
  let guess = wall - zoneOffset(zone, wall);
  guess = wall - zoneOffset(zone, guess);
  if (localDate(guess, zone) < date) guess += 3_600_000;
  return guess;
}

/** The calendar date (`YYYY-MM-DD`) in `zone` at instant `ms`. */
export function localDate(ms: number, zone: string): string {
  const p = Object.fromEntries(
    formatter(zone)
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day}`;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function dayWindow(from: string, to: string, zone: string): DayWindow {
  const start = startOfDay(from, zone);
  const end = startOfDay(addDays(to, 1), zone);
  const utcFrom = new Date(start).toISOString().slice(0, 10);
  const utcTo = new Date(end - 1).toISOString().slice(0, 10);
  const trims = start !== Date.parse(`${utcFrom}T00:00:00Z`) || end !== Date.parse(`${addDays(utcTo, 1)}T00:00:00Z`);
  return { start, end, utcFrom, utcTo, trims };
}

/** Whether a call that started at `startTime` (ISO) falls inside the window. */
export function withinWindow(startTime: string, window: Pick<DayWindow, 'start' | 'end'>): boolean {
  const ms = Date.parse(startTime);
  return ms >= window.start && ms < window.end;
}
