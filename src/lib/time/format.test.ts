import { describe, expect, it } from 'vitest';
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
