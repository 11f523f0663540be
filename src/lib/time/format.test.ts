import { describe, expect, it } from 'vitest';
import { daysToUtcRange, dayOf, isWithinDays, utcDaysCovering } from './days';
import { formatDateTime, formatTime, formatUtc, zoneLabel } from './format';

describe('formatting in the display zone', () => {
  it('writes one instant in the zone asked, naming the zone', () => {
    const utc = '2026-11-24T08:15:02Z';
    expect(formatDateTime(utc, 'Europe/Paris')).toMatch(/9:15:02/);
    expect(formatDateTime(utc, 'Europe/Paris')).toMatch(/GMT\+1|CET/);
    expect(formatDateTime(utc, 'America/New_York')).toMatch(/3:15:02/);
    expect(formatTime(utc, 'Asia/Tokyo', { short: true })).toMatch(/5:15:02/);
    expect(formatUtc(utc)).toBe('2026-11-24 08:15:02 UTC');
    expect(formatDateTime(null, 'UTC')).toBe('');
    expect(formatDateTime('not a time', 'UTC')).toBe('not a time');
    expect(zoneLabel('America/New_York', new Date(utc))).toBe('America/New York (GMT-5)');
  });
});

describe('days in a zone', () => {
  it('maps a local day to its UTC instants, across DST', () => {
    expect(daysToUtcRange('2026-11-24', '2026-11-24', 'Europe/Paris')).toEqual({ start: '2026-11-23T23:00:00.000Z', end: '2026-11-24T23:00:00.000Z' });
    // 29 March 2026: Paris springs forward, a 23-hour day.
    expect(daysToUtcRange('2026-03-29', '2026-03-29', 'Europe/Paris')).toEqual({ start: '2026-03-28T23:00:00.000Z', end: '2026-03-29T22:00:00.000Z' });
  });

  it('asks for both UTC days when a local day spans two, and trims to the local days', () => {
    expect(utcDaysCovering('2026-11-24', '2026-11-24', 'Europe/Paris')).toEqual({ from: '2026-11-23', to: '2026-11-24' });
    expect(utcDaysCovering('2026-11-24', '2026-11-25', 'America/Los_Angeles')).toEqual({ from: '2026-11-24', to: '2026-11-26' });
    expect(utcDaysCovering('2026-11-24', '2026-11-24', 'UTC')).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(dayOf('2026-11-23T23:30:00Z', 'Europe/Paris')).toBe('2026-11-24');
    expect(isWithinDays('2026-11-23T23:30:00Z', '2026-11-24', '2026-11-24', 'Europe/Paris')).toBe(true);
    expect(isWithinDays('2026-11-23T22:30:00Z', '2026-11-24', '2026-11-24', 'Europe/Paris')).toBe(false);
    expect(isWithinDays('2026-11-23T22:30:00Z', undefined, undefined, 'Europe/Paris')).toBe(true);
  });
});
