import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, dayWindow, localDate, startOfDay, withinWindow } from './zone-days';

const iso = (ms: number) => new Date(ms).toISOString();

describe('dayWindow', () => {
  it('maps a local day to its UTC instants and the UTC dates that cover it, across DST and on either side of Greenwich', () => {
    const paris = dayWindow('2026-11-24', '2026-11-24', 'Europe/Paris');
    expect([iso(paris.start), iso(paris.end), paris.utcFrom, paris.utcTo]).toEqual([
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T23:00:00.000Z',
      '2026-11-23',
      '2026-11-24',
    ]);
    // 29 March 2026: Paris springs forward, a 23-hour day.
    const spring = dayWindow('2026-03-29', '2026-03-29', 'Europe/Paris');
    expect([iso(spring.start), iso(spring.end)]).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    const la = dayWindow('2026-11-24', '2026-11-25', 'America/Los_Angeles');
    expect([la.utcFrom, la.utcTo]).toEqual(['2026-11-24', '2026-11-26']);
    const utc = dayWindow('2026-11-24', '2026-11-24', 'UTC');
    expect([utc.utcFrom, utc.utcTo]).toEqual(['2026-11-24', '2026-11-24']);
    expect(localDate(Date.parse('2026-11-23T23:30:00Z'), 'Europe/Paris')).toBe('2026-11-24');
    expect(withinWindow('2026-11-23T23:30:00Z', paris)).toBe(true);
    expect(withinWindow('2026-11-23T22:30:00Z', paris)).toBe(false);
  });

  it('is the UTC days themselves in UTC: nothing to trim', () => {
    const w = dayWindow('2026-03-10', '2026-03-11', 'UTC');
    expect([iso(w.start), iso(w.end), w.utcFrom, w.utcTo, w.trims]).toEqual([
      '2026-03-10T00:00:00.000Z',
      '2026-03-12T00:00:00.000Z',
      '2026-03-10',
      '2026-03-11',
      false,
    ]);
  });

  it('asks for the UTC day before when the zone is east of Greenwich, and trims', () => {
    const w = dayWindow('2026-01-15', '2026-01-15', 'Europe/Paris');
    expect([iso(w.start), iso(w.end), w.utcFrom, w.utcTo, w.trims]).toEqual([
      '2026-01-14T23:00:00.000Z',
      '2026-01-15T23:00:00.000Z',
      '2026-01-14',
      '2026-01-15',
      true,
    ]);
  });

  it('asks for the UTC day after when the zone is west of Greenwich', () => {
    const w = dayWindow('2026-07-01', '2026-07-02', 'America/New_York');
    expect([iso(w.start), iso(w.end), w.utcFrom, w.utcTo]).toEqual(['2026-07-01T04:00:00.000Z', '2026-07-03T04:00:00.000Z', '2026-07-01', '2026-07-03']);
  });

  it('follows a daylight-saving change inside the range (a 23-hour day)', () => {
    const w = dayWindow('2026-03-29', '2026-03-29', 'Europe/Paris');
    expect((w.end - w.start) / 3_600_000).toBe(23);
  });

  it('finds the first instant of a day whose midnight does not exist', () => {
    // Santiago skips 00:00-01:00 on its spring-forward day.
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('trims exactly to the local days: instants inside are kept, the rest dropped', () => {
    const w = dayWindow('2026-01-15', '2026-01-15', 'Asia/Kolkata');
    expect(withinWindow('2026-01-14T18:30:00Z', w)).toBe(true);
    expect(withinWindow('2026-01-14T18:29:59Z', w)).toBe(false);
    expect(withinWindow('2026-01-15T18:29:59Z', w)).toBe(true);
    expect(withinWindow('2026-01-15T18:30:00Z', w)).toBe(false);
  });

  it('for any zone and day, the UTC dates asked cover the window, which holds exactly the local days', () => {
    const zones = [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Asia/Kolkata',
      'Pacific/Chatham',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Australia/Lord_Howe',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 40 }), (zone, offset, span) => {
        const from = addDays('2024-01-01', offset);
        const to = addDays(from, span);
        const w = dayWindow(from, to, zone);
        expect(Date.parse(`${w.utcFrom}T00:00:00Z`)).toBeLessThanOrEqual(w.start);
        expect(Date.parse(`${addDays(w.utcTo, 1)}T00:00:00Z`)).toBeGreaterThanOrEqual(w.end);
        expect(localDate(w.start, zone)).toBe(from);
        expect(localDate(w.start - 1000, zone)).toBe(addDays(from, -1));
        expect(localDate(w.end - 1000, zone)).toBe(to);
        expect(localDate(w.end, zone)).toBe(addDays(to, 1));
      }),
      { numRuns: 300 },
    );
  });
});
