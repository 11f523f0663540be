/**
 * Calls outside the recipient's local hours are held back (issue 32, ADR 0047). The BFF checks one
 * call and every number of a bulk list against the calling windows (CALLING_WINDOWS, the same ones
 * the upstream applies to campaigns in the campaign's zone) in the number's own zone
 * (contract/recipient-zones.ts): a single call outside them is refused (422 on `recipient.phone`),
 * a bulk list leaves the number out with the reason (`hoursSkipped`). An ambiguous zone is held when
 * any of its candidates is outside; an unknown zone is not held (nothing to say where the person is).
 * A role holding 'calls:override-hours' may call anyway by sending the override header.
 */
import { z } from 'zod';
import { CALLING_WINDOWS } from '../limits';
import type { NumberZone } from '../recipient-zones';

/** The request header that calls anyway, outside the recipients' local hours (value `true`). */
export const OVERRIDE_LOCAL_HOURS_HEADER = 'X-Switchboard-Override-Local-Hours';

export const HoursSkipped = z.object({
  index: z.int(),
  phone: z.string(),
  /** The zone (or, for an ambiguous number, the first candidate zone) that is outside the windows. */
  zone: z.string(),
  /** The recipient's local time there, "22:00". */
  localTime: z.string(),
  reason: z.string(),
});
export type HoursSkipped = z.infer<typeof HoursSkipped>;

/** A bulk create answers this field when numbers were held back for their local hours (absent when none). */
export const HOURS_SKIPPED_FIELD = 'hoursSkipped' satisfies keyof HoursCreateExtra;
export const HoursCreateExtra = z.object({ hoursSkipped: z.array(HoursSkipped).optional() });
export type HoursCreateExtra = z.infer<typeof HoursCreateExtra>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** "HH:MM" in `zone` at `at` (24-hour clock). */
export function localTimeIn(zone: string, at: Date): string {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** Whether "HH:MM" is inside a calling window (start included, end excluded). */
export function inCallingWindows(time: string): boolean {
  return CALLING_WINDOWS.some((w) => time >= w.startTime && time < w.endTime);
}

/** "10:00–13:00 and 14:00–20:00" */
export const CALLING_HOURS_TEXT = CALLING_WINDOWS.map((w) => `${w.startTime}–${w.endTime}`).join(' and ');

/** The words every hold reason carries, so a screen can tell this refusal from the others. */
const HOLD_MARK = 'outside the calling hours';
/** Whether a field error's message is a local-hours hold. */
export const isHoursReason = (message: string | undefined): boolean => !!message && message.includes(HOLD_MARK);

/** Why a number is held: "It is 22:00 in Europe/Paris, outside the calling hours (10:00–13:00 and 14:00–20:00)". */
export function hoursReason(zone: string, localTime: string): string {
  return `It is ${localTime} in ${zone}, ${HOLD_MARK} (${CALLING_HOURS_TEXT})`;
}

/**
 * Whether a number in this zone is held at `at`: its zone (or the first candidate zone) outside the
 * windows, or null when it may be called (inside them in every candidate, or its zone unknown).
 */
export function heldForHours(zone: NumberZone, at: Date): { zone: string; localTime: string; reason: string } | null {
  const zones = zone.certainty === 'sure' && zone.zone ? [zone.zone] : zone.certainty === 'ambiguous' ? zone.candidates : [];
  for (const z of zones) {
    const localTime = localTimeIn(z, at);
    if (!inCallingWindows(localTime)) return { zone: z, localTime, reason: hoursReason(z, localTime) };
  }
  return null;
}

/** After a bulk create: "2 of 120 numbers were outside their local calling hours and held back." */
export function hoursSkippedSummary(skipped: number, total: number): string {
  return `${skipped.toLocaleString('en')} of ${total.toLocaleString('en')} ${total === 1 ? 'number' : 'numbers'} ${skipped === 1 ? 'was' : 'were'} outside their local calling hours and held back.`;
}
