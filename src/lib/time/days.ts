/**
 * Calendar days in a display zone, as UTC instants: what a date filter means ("the 3rd" in
 * Europe/Paris is 2nd 23:00 UTC to 3rd 23:00 UTC), and which whole UTC days an upstream that
 * filters by UTC day must be asked for to cover them (then trim the rows with `isWithinDays`).
 * Days are `YYYY-MM-DD`. Handles DST days (23 and 25 hours) through luxon.
 */
import { DateTime } from 'luxon';

export type Day = string;

/** The calendar day it is in `zone` at the UTC instant `utc`. */
export function dayOf(utc: string | Date, zone: string): Day {
  const dt = typeof utc === 'string' ? DateTime.fromISO(utc, { zone: 'utc' }) : DateTime.fromJSDate(utc);
  return dt.setZone(zone).toISODate()!;
}

/** The day it is now in `zone`. */
export function today(zone: string, now: Date = new Date()): Day {
  return dayOf(now, zone);
}

/** The UTC instants [start, end) of the days `from`..`to` (inclusive) in `zone`, as ISO strings. */
export function daysToUtcRange(from: Day, to: Day, zone: string): { start: string; end: string } {
  const start = DateTime.fromISO(from, { zone }).startOf('day');
  const end = DateTime.fromISO(to, { zone }).startOf('day').plus({ days: 1 });
  if (!start.isValid || !end.isValid) throw new RangeError(`Not a day range in ${zone}: ${from}..${to}`);
  return { start: start.toUTC().toISO()!, end: end.toUTC().toISO()! };
}

/** The whole UTC days (inclusive) that cover the days `from`..`to` in `zone`: ask the upstream for these. */
export function utcDaysCovering(from: Day, to: Day, zone: string): { from: Day; to: Day } {
  const { start, end } = daysToUtcRange(from, to, zone);
  const last = DateTime.fromISO(end, { zone: 'utc' }).minus({ milliseconds: 1 });
  return { from: DateTime.fromISO(start, { zone: 'utc' }).toISODate()!, to: last.toISODate()! };
}

/** Whether the UTC instant falls on one of the days `from`..`to` in `zone` (to trim what the upstream sent). */
export function isWithinDays(utc: string, from: Day | undefined, to: Day | undefined, zone: string): boolean {
  const day = dayOf(utc, zone);
  return (from === undefined || day >= from) && (to === undefined || day <= to);
}
