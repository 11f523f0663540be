import { describe, expect, it } from 'vitest';
import { localTimeWarnings } from './local-time-check';

const slots = [{ startTime: '10:00', endTime: '13:00' }];
const uk = Array.from({ length: 14 }, (_, i) => `+4420794600${String(i).padStart(2, '0')}`);
const fr = ['+33612345678', '+33612345679'];
const us = ['+12125550100', '+12125550101', '+14155550100'];

describe('local-time safety check', () => {
  it('names each country on another clock with the local hours, and leaves the campaign clock alone', () => {
    const w = localTimeWarnings({
      phones: [...uk, ...fr],
      timezone: 'Europe/Paris',
      timeSlots: slots,
      day: '2026-11-25',
    });
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ country: 'GB', count: 14 });
    expect(w[0]!.text).toBe('14 United Kingdom numbers would be called at 09:00–12:00 their time.');
  });
  it('treats a zone with the same offset as the same clock (Berlin numbers in a Paris campaign)', () => {
    expect(
      localTimeWarnings({
        phones: ['+4915123456789'],
        timezone: 'Europe/Paris',
        timeSlots: slots,
        day: '2026-11-25',
      }),
    ).toEqual([]);
  });
  it('gives a range for a country with several zones', () => {
    const [w] = localTimeWarnings({
      phones: us,
      timezone: 'Europe/London',
      timeSlots: slots,
      day: '2026-11-25',
    });
    expect(w!.country).toBe('US');
    expect(w!.count).toBe(3);
    // Hawaii (UTC-10) to New York (UTC-5).
    expect(w!.text).toMatch(
      /^3 United States numbers would be called between 00:00–03:00 and 05:00–08:00, depending on the zone their time \(\d+ time zones\)\.$/,
    );
  });
  it('says when some of a country’s zones share the campaign clock', () => {
    const [w] = localTimeWarnings({
      phones: us,
      timezone: 'America/New_York',
      timeSlots: slots,
      day: '2026-11-25',
    });
    expect(w!.partly).toBe(true);
    expect(w!.text).toMatch(/some on the campaign’s clock/);
  });
  it('follows DST by the date: London is one hour behind Paris in summer too, but on the day', () => {
    const [w] = localTimeWarnings({
      phones: uk.slice(0, 1),
      timezone: 'Europe/Paris',
      timeSlots: slots,
      day: '2026-07-01',
    });
    expect(w!.localHours).toEqual(['09:00–12:00']);
  });
  it('lists numbers of no country as of unknown local time', () => {
    const [w] = localTimeWarnings({
      phones: ['+80012345678'],
      timezone: 'Europe/Paris',
      timeSlots: slots,
      day: '2026-11-25',
    });
    expect(w!.country).toBeNull();
    expect(w!.text).toMatch(/local time is unknown/);
  });
});
