/**
 * The time-slot rule (spec): calls are made only inside the calling windows; a slot that partly
 * overlaps a window is clipped to the overlap. Pure logic shared by the schemas, the simulator's
 * scheduler and the wizard's day bar.
 */
import { CALLING_WINDOWS } from './limits';

export interface Slot {
  startTime: string;
  endTime: string;
}

/** Minutes since midnight of an `HH:mm` string. */
export function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function fromMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The parts of a slot inside the calling windows, in order (possibly none). */
export function clipSlot(slot: Slot): Slot[] {
  const start = toMinutes(slot.startTime);
  const end = toMinutes(slot.endTime);
  const parts: Slot[] = [];
  for (const window of CALLING_WINDOWS) {
    const from = Math.max(start, toMinutes(window.startTime));
    const to = Math.min(end, toMinutes(window.endTime));
    if (from < to) parts.push({ startTime: fromMinutes(from), endTime: fromMinutes(to) });
  }
  return parts;
}

/** The effective calling windows of a campaign: its slots clipped, merged and sorted. */
export function effectiveWindows(slots: readonly Slot[]): Slot[] {
  return slots.flatMap(clipSlot).sort((a, b) => toMinutes(a.startTime) - toMinutes(b.startTime));
}

/** Whether two slots share any minute. */
export function slotsOverlap(a: Slot, b: Slot): boolean {
  return toMinutes(a.startTime) < toMinutes(b.endTime) && toMinutes(b.startTime) < toMinutes(a.endTime);
}

/** Minutes of calling time per day that the slots allow once clipped. */
export function callingMinutesPerDay(slots: readonly Slot[]): number {
  return effectiveWindows(slots).reduce((sum, s) => sum + toMinutes(s.endTime) - toMinutes(s.startTime), 0);
}
