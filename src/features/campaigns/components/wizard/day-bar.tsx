/**
 * A day from 00:00 to 24:00: the allowed calling windows, the slots as entered and what remains of
 * them once clipped. The same facts are given in words for screen readers.
 */
import { CALLING_WINDOWS } from '@contract/limits';
import { effectiveWindows, toMinutes, type Slot } from '@contract/time-slots';

const DAY = 24 * 60;
const pct = (hhmm: string) => `${(toMinutes(hhmm) / DAY) * 100}%`;
const width = (s: Slot) => `${(Math.max(0, toMinutes(s.endTime) - toMinutes(s.startTime)) / DAY) * 100}%`;
const HHMM = /^\d{2}:\d{2}$/;

function Row({ label, slots, className }: { label: string; slots: readonly Slot[]; className: string }) {
  return (
    <div className="flex items-center gap-2">
      <span className="w-28 shrink-0 text-xs text-slate-700 dark:text-slate-300">{label}</span>
      <div className="relative h-4 flex-1 rounded bg-slate-100 dark:bg-slate-800">
        {slots.map((s, i) => (
          <div key={i} className={`absolute top-0 h-4 rounded ${className}`} style={{ left: pct(s.startTime), width: width(s) }} />
        ))}
      </div>
    </div>
  );
}

export function DayBar({ slots }: { slots: readonly Slot[] }) {
  const entered = slots.filter((s) => HHMM.test(s.startTime) && HHMM.test(s.endTime) && toMinutes(s.startTime) < toMinutes(s.endTime));
  const clipped = effectiveWindows(entered);
  const words = clipped.length ? clipped.map((s) => `${s.startTime}–${s.endTime}`).join(' and ') : 'never (no slot overlaps a window)';
  return (
    <figure className="mt-2">
      <div aria-hidden="true" className="grid gap-1">
        <Row label="Allowed" slots={CALLING_WINDOWS} className="bg-emerald-200 dark:bg-emerald-800" />
        <Row label="As entered" slots={entered} className="border-2 border-slate-500 bg-transparent" />
        <Row label="Calls placed" slots={clipped} className="bg-blue-700 dark:bg-blue-400" />
        <div className="ml-30 flex justify-between pl-28 text-xs text-slate-600 dark:text-slate-400">
          <span>00:00</span>
          <span>06:00</span>
          <span>12:00</span>
          <span>18:00</span>
          <span>24:00</span>
        </div>
      </div>
      <figcaption className="mt-1 text-sm" aria-live="polite">
        Calls are placed {words} (allowed windows: {CALLING_WINDOWS.map((w) => `${w.startTime}–${w.endTime}`).join(' and ')}
        ).
      </figcaption>
    </figure>
  );
}
