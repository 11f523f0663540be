/**
 * The wizard's "recipients by time zone" (issue 32): for each group of numbers the BFF placed in a
 * zone (POST /bff/recipients/zones), when they would be called, in their own time and the viewer's,
 * and whether today's calling hours fall outside the allowed windows in their own clock.
 *
 * - One campaign (`local` off): every number is called in the campaign's zone, so a Los Angeles
 *   number on a New York campaign is called at 07:00–10:00 its time: outside.
 * - Local hours (`local` on): each sure zone is its own campaign; unsure numbers are called in the
 *   default zone (or held back), so only they can fall outside.
 */
import { DateTime } from 'luxon';
import type { RecipientZoneGroup } from '@contract/bff/recipient-zones';
import type { Weekday } from '@contract/enums';
import { CALLING_WINDOWS } from '@contract/limits';
import { todayIn } from '@contract/timezone';
import { effectiveWindows, toMinutes, type Slot } from '@contract/time-slots';
import { atWallClock } from '@contract/wall-clock';
import { forecast } from './forecast';

export interface ZoneRowsInput {
  groups: readonly RecipientZoneGroup[];
  local: boolean;
  campaignZone: string;
  /** Where unsure numbers are called in local mode; null holds them back. */
  defaultZone: string | null;
  viewerZone: string;
  timeSlots: readonly Slot[];
  days: readonly Weekday[];
  startDate: string;
  batchSize: number;
  now: Date;
}

export interface ZoneRow {
  key: string;
  /** "America/Chicago", "Ambiguous: America/Adak or America/Anchorage", "Zone unknown". */
  label: string;
  certainty: RecipientZoneGroup['certainty'];
  count: number;
  /** The zone the calls are scheduled in, or null when held back. */
  callZone: string | null;
  /** Calling hours in the person's clock ("10:00–13:00, 14:00–20:00"); a range for an ambiguous zone; null when unknown. */
  theirHours: string | null;
  /** The same hours in the viewer's clock. */
  yourHours: string | null;
  /** First call: in their clock and the viewer's ("Mon 30 Nov, 10:00"). */
  firstTheirs: string | null;
  firstYours: string | null;
  /** Today's calling hours fall outside the allowed windows in their clock (or may, when unsure). */
  outside: 'no' | 'yes' | 'maybe' | 'unknown';
}

const hoursIn = (day: DateTime, windows: readonly Slot[], zone: string) =>
  windows
    .map((w) => `${atWallClock(day, w.startTime).setZone(zone).toFormat('HH:mm')}–${atWallClock(day, w.endTime).setZone(zone).toFormat('HH:mm')}`)
    .join(', ');

/** Whether each window of `day` (in its own zone), read in `zone`'s clock, lies inside the allowed windows. */
function inside(day: DateTime, windows: readonly Slot[], zone: string): boolean {
  return windows.every((w) => {
    const from = atWallClock(day, w.startTime).setZone(zone);
    const to = atWallClock(day, w.endTime).setZone(zone);
    if (from.toISODate() !== to.minus({ minutes: 1 }).toISODate()) return false;
    const a = from.hour * 60 + from.minute;
    const b = a + Math.round(to.diff(from, 'minutes').minutes);
    return CALLING_WINDOWS.some((c) => a >= toMinutes(c.startTime) && b <= toMinutes(c.endTime));
  });
}

export function zoneRows(input: ZoneRowsInput): ZoneRow[] {
  const windows = effectiveWindows(input.timeSlots);
  return input.groups.map((g) => {
    const count = g.indexes.length;
    const sure = g.certainty === 'sure' && g.zone !== null;
    const label = sure ? g.zone! : g.certainty === 'ambiguous' ? `Ambiguous: ${g.candidates.join(' or ')}` : 'Zone unknown';
    const callZone = input.local ? (sure ? g.zone : input.defaultZone) : input.campaignZone;
    const key = sure ? g.zone! : `${g.certainty}:${g.candidates.join('&')}`;
    const empty = { key, label, certainty: g.certainty, count, callZone, theirHours: null, yourHours: null, firstTheirs: null, firstYours: null };
    if (!callZone || windows.length === 0) return { ...empty, outside: 'unknown' as const };
    // Local mode moves a start date already past in the zone to its today (contract/zone-parts.ts).
    const today = todayIn(callZone, input.now);
    const startDate = input.local && input.startDate < today ? today : input.startDate;
    const f = forecast({
      recipients: count,
      batchSize: input.batchSize,
      days: input.days,
      startDate,
      timeSlots: input.timeSlots,
      timezone: callZone,
      now: input.now,
    });
    const firstDay = DateTime.fromISO(f?.firstDay ?? startDate, { zone: callZone }).startOf('day');
    const todayDay = DateTime.fromISO(today, { zone: callZone }).startOf('day');
    const theirZones = sure ? [g.zone!] : g.candidates;
    const yours = hoursIn(firstDay, windows, input.viewerZone);
    const at = (zone: string) => (f ? DateTime.fromJSDate(f.firstCallAt, { zone }).toFormat('ccc d LLL, HH:mm') : null);
    if (theirZones.length === 0) return { ...empty, yourHours: yours, firstYours: at(input.viewerZone), outside: 'unknown' as const };
    const theirs = [...new Set(theirZones.map((z) => hoursIn(firstDay, windows, z)))];
    const firstTheirs = [...new Set(theirZones.map((z) => at(z)))].filter((x): x is string => x !== null);
    const outsideCount = theirZones.filter((z) => !inside(todayDay, windows, z)).length;
    return {
      ...empty,
      theirHours: theirs.join(' or '),
      yourHours: yours,
      firstTheirs: firstTheirs.length > 0 ? firstTheirs.join(' or ') : null,
      firstYours: at(input.viewerZone),
      outside: outsideCount === 0 ? ('no' as const) : outsideCount === theirZones.length ? ('yes' as const) : ('maybe' as const),
    };
  });
}
