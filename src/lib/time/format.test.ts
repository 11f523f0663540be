import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, formatDateTime, formatTime, formatUtc, zoneLabel } from './format';

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

describe('the browser zone and the zone labels', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the browser zone once a minute, not once per time drawn', () => {
    const t0 = 1_000_000_000_000;
    const zone = browserTimeZone(t0);
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let i = 0; i < 50; i += 1) expect(browserTimeZone(t0 + 59_000)).toBe(zone);
    expect(built).not.toHaveBeenCalled();
    // A minute on, it is read again (a device that travels).
    expect(browserTimeZone(t0 + 60_000)).toBe(zone);
    expect(built).toHaveBeenCalledTimes(1);
    // A clock set back reads it again too, rather than keeping it until the clock catches up.
    expect(browserTimeZone(t0 - 1_000)).toBe(zone);
    expect(built).toHaveBeenCalledTimes(2);
  });

  it('builds one offset format per zone, whatever the instant', () => {
    zoneLabel('Asia/Kolkata');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    expect(zoneLabel('Asia/Kolkata', new Date('2026-06-01T00:00:00Z'))).toBe('Asia/Kolkata (GMT+5:30)');
    expect(zoneLabel('Asia/Kolkata', new Date('2026-12-01T00:00:00Z'))).toBe('Asia/Kolkata (GMT+5:30)');
    expect(built).not.toHaveBeenCalled();
  });
});
