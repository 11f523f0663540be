import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALLING_WINDOWS } from './limits';
import { callingMinutesPerDay, clipSlot, effectiveWindows, fromMinutes, slotsOverlap, toMinutes } from './time-slots';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
const slot = fc
  .tuple(minute, minute)
  .filter(([a, b]) => a < b)
  .map(([a, b]) => ({ startTime: fromMinutes(a), endTime: fromMinutes(b) }));
const inWindow = (m: number) => CALLING_WINDOWS.some((w) => m >= toMinutes(w.startTime) && m < toMinutes(w.endTime));

describe('time-slot clipping', () => {
  it('clips the examples of docs/api-assumptions.md', () => {
    expect(clipSlot({ startTime: '12:00', endTime: '15:00' })).toEqual([
      { startTime: '12:00', endTime: '13:00' },
      { startTime: '14:00', endTime: '15:00' },
    ]);
    expect(clipSlot({ startTime: '13:00', endTime: '14:00' })).toEqual([]);
    expect(clipSlot({ startTime: '08:00', endTime: '22:00' })).toEqual(CALLING_WINDOWS.map((w) => ({ ...w })));
  });

  it('keeps exactly the minutes of the slot that lie in a window (property)', () => {
    fc.assert(
      fc.property(slot, (s) => {
        const parts = clipSlot(s);
        for (let m = 0; m < 24 * 60; m += 1) {
          const inSlot = m >= toMinutes(s.startTime) && m < toMinutes(s.endTime);
          const inParts = parts.some((p) => m >= toMinutes(p.startTime) && m < toMinutes(p.endTime));
          if (inParts !== (inSlot && inWindow(m))) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('effective windows are sorted, disjoint and never exceed the windows (property)', () => {
    fc.assert(
      // The schema refuses overlapping slots, so only disjoint pairs reach effectiveWindows.
      fc.property(
        fc.array(slot, { maxLength: 2 }).filter((s) => s.length < 2 || !slotsOverlap(s[0]!, s[1]!)),
        (slots) => {
          const windows = effectiveWindows(slots);
          for (let i = 1; i < windows.length; i += 1) {
            expect(toMinutes(windows[i - 1]!.endTime)).toBeLessThanOrEqual(toMinutes(windows[i]!.startTime));
          }
          for (const w of windows) expect(inWindow(toMinutes(w.startTime)) && inWindow(toMinutes(w.endTime) - 1)).toBe(true);
          expect(callingMinutesPerDay(slots)).toBeLessThanOrEqual(9 * 60);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('round-trips HH:mm and minutes', () => {
    fc.assert(fc.property(minute, (m) => toMinutes(fromMinutes(m)) === m));
  });
});
