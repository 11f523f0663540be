/**
 * A time of day (`HH:mm`) on a given local day, in that day's zone. Kept apart from time-slots.ts
 * so only code that needs zones (the scheduler, the wizard's forecast and safety check) loads luxon.
 */
import type { DateTime } from 'luxon';
import { toMinutes } from './time-slots';

/** `day` at `hhmm` wall-clock time. `set`, not `plus`: on DST days adding minutes to midnight lands an hour off. */
export function atWallClock(day: DateTime, hhmm: string): DateTime {
  const m = toMinutes(hhmm);
  return day.set({ hour: Math.floor(m / 60), minute: m % 60, second: 0, millisecond: 0 });
}
