/**
 * When a campaign will call: calls per day, the first and the expected last calling day, given the
 * batch size, the weekdays, the start date and the clipped windows, as the simulator's scheduler
 * does it (at most batchSize a local day, only inside the effective windows, in the campaign's
 * zone). Retries are not forecast: they add days only for unreached recipients. Blackout dates
 * (local dates on which the BFF pauses the campaign, /compliance) are not calling days.
 */
import { DateTime } from 'luxon';
import { atWallClock } from '@contract/wall-clock';
import type { Weekday } from '@contract/enums';
import { effectiveWindows, type Slot } from '@contract/time-slots';

const WEEKDAYS: readonly Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
/** Far enough for 1,000 recipients at one a day on one weekday a week, and then some. */
const MAX_DAYS_SCANNED = 7 * 1100;

export interface ForecastInput {
  recipients: number;
  batchSize: number;
  days: readonly Weekday[];
  startDate: string;
  timeSlots: readonly Slot[];
  timezone: string;
  now?: Date;
  /** Blackout dates (YYYY-MM-DD, taken in the campaign's zone) and what each is. */
  blackout?: ReadonlyMap<string, string>;
}

export interface Forecast {
  callsPerDay: number;
  callingDays: number;
  /** Local dates (YYYY-MM-DD) in the campaign's zone. */
  firstDay: string;
  lastDay: string;
  /** Instants: the first window opening and the last window closing. */
  firstCallAt: Date;
  lastCallBy: Date;
  /** Blackout dates that would have been calling days, up to the last one, in order. */
  skipped: { date: string; label: string }[];
}

/** Null when nothing can be forecast (no recipients, no weekday, no window, bad zone). */
export function forecast(input: ForecastInput): Forecast | null {
  const windows = effectiveWindows(input.timeSlots);
  if (input.recipients < 1 || input.batchSize < 1 || input.days.length === 0 || windows.length === 0) return null;
  const start = DateTime.fromISO(input.startDate, { zone: input.timezone });
  if (!start.isValid) return null;
  const now = DateTime.fromJSDate(input.now ?? new Date(), {
    zone: input.timezone,
  });
  const lastWindow = windows[windows.length - 1]!;
  const needed = Math.ceil(input.recipients / input.batchSize);
  const callingDays: DateTime[] = [];
  const skipped: { date: string; label: string }[] = [];
  for (let d = 0; d < MAX_DAYS_SCANNED && callingDays.length < needed; d += 1) {
    const day = start.plus({ days: d }).startOf('day');
    if (!input.days.includes(WEEKDAYS[day.weekday - 1]!)) continue;
    // A day whose last window has already closed cannot call any more.
    if (atWallClock(day, lastWindow.endTime) <= now) continue;
    const label = input.blackout?.get(day.toISODate()!);
    if (label !== undefined) {
      skipped.push({ date: day.toISODate()!, label });
      continue;
    }
    callingDays.push(day);
  }
  const first = callingDays[0];
  const last = callingDays[callingDays.length - 1];
  if (!first || !last) return null;
  // On the first day a window may already be open or past: calling starts at the later of now and its next opening.
  const firstOpen = windows
    .map((w) => ({
      from: atWallClock(first, w.startTime),
      to: atWallClock(first, w.endTime),
    }))
    .find((w) => w.to > now)!;
  const firstCallAt = firstOpen.from > now ? firstOpen.from : now;
  return {
    callsPerDay: Math.min(input.batchSize, input.recipients),
    callingDays: callingDays.length,
    firstDay: first.toISODate()!,
    lastDay: last.toISODate()!,
    firstCallAt: firstCallAt.toJSDate(),
    lastCallBy: atWallClock(last, lastWindow.endTime).toJSDate(),
    skipped,
  };
}

/** A date-time as read in a zone, e.g. "Mon 23 Nov 2026, 10:00 (Europe/Paris)". */
export function formatInZone(at: Date, zone: string): string {
  const dt = DateTime.fromJSDate(at, { zone });
  return `${dt.toFormat('ccc d LLL yyyy, HH:mm')} (${zone})`;
}
