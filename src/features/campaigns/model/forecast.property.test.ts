/** Property tests of the campaign forecast against the rules the scheduler follows. */
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { Weekday } from '@contract/enums';
import { effectiveWindows } from '@contract/time-slots';
import { propertySuite } from '../../../../resilience/property-count';
import { forecast } from './forecast';

const { counted } = propertySuite('properties-campaign-forecast', [
  'For any batch size, weekdays, start date, slots and zone, the forecast calls on ceil(recipients / batchSize) chosen weekdays from the start date, within the clipped windows, or says it cannot forecast.',
]);

const WEEKDAYS = Weekday.options;
const hhmm = fc.integer({ min: 0, max: 23 * 60 + 59 }).map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const slot = fc.tuple(hhmm, hhmm).map(([a, b]) => (a < b ? { startTime: a, endTime: b } : { startTime: b, endTime: a }));

describe('campaign forecast (property)', () => {
  it('matches the scheduler rules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.subarray([...WEEKDAYS]),
        fc.integer({ min: 0, max: 400 }),
        fc.array(slot, { minLength: 0, maxLength: 2 }),
        fc.constantFrom('Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC', 'Not/AZone'),
        counted('forecast', (recipients, batchSize, days, offset, timeSlots, timezone) => {
          const now = new Date('2026-03-20T12:00:00Z');
          const startDate = DateTime.fromJSDate(now, { zone: 'UTC' }).plus({ days: offset }).toISODate()!;
          const f = forecast({ recipients, batchSize, days, startDate, timeSlots, timezone, now });
          const windows = effectiveWindows(timeSlots);
          if (recipients === 0 || days.length === 0 || windows.length === 0 || timezone === 'Not/AZone') {
            expect(f).toBeNull();
            return;
          }
          expect(f).not.toBeNull();
          expect(f!.callingDays).toBe(Math.ceil(recipients / batchSize));
          expect(f!.callsPerDay).toBe(Math.min(batchSize, recipients));
          expect(f!.firstDay >= startDate).toBe(true);
          expect(f!.lastDay >= f!.firstDay).toBe(true);
          for (const day of [f!.firstDay, f!.lastDay]) expect(days).toContain(WEEKDAYS[DateTime.fromISO(day, { zone: timezone }).weekday - 1]);
          expect(f!.firstCallAt.getTime()).toBeLessThan(f!.lastCallBy.getTime());
          expect(f!.firstCallAt.getTime()).toBeGreaterThanOrEqual(now.getTime());
          const local = DateTime.fromJSDate(f!.lastCallBy, { zone: timezone }).toFormat('HH:mm');
          expect(local).toBe(windows[windows.length - 1]!.endTime);
        }),
      ),
      { numRuns: 400 },
    );
  });
});
