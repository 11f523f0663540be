import { describe, expect, it } from 'vitest';
import { forecast, formatInZone } from './forecast';

const base = {
  recipients: 250,
  batchSize: 100,
  days: ['MONDAY', 'WEDNESDAY'] as const,
  startDate: '2026-11-24', // a Tuesday
  timeSlots: [{ startTime: '09:00', endTime: '12:00' }],
  timezone: 'Europe/Paris',
  now: new Date('2026-11-23T08:00:00Z'),
};

describe('forecast', () => {
  it('counts calling days on the chosen weekdays from the start date', () => {
    const f = forecast({ ...base, days: [...base.days] })!;
    expect(f.callsPerDay).toBe(100);
    expect(f.callingDays).toBe(3);
    expect(f.firstDay).toBe('2026-11-25'); // Wednesday
    expect(f.lastDay).toBe('2026-12-02'); // Wed 25, Mon 30, Wed 2
    // The slot is clipped to 10:00-12:00: the first call is at 10:00 Paris = 09:00 UTC.
    expect(f.firstCallAt.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(f.lastCallBy.toISOString()).toBe('2026-12-02T11:00:00.000Z');
  });
  it('skips blackout dates, which add calling days, and names them', () => {
    const f = forecast({
      ...base,
      days: [...base.days],
      blackout: new Map([
        ['2026-11-30', 'Team day off'],
        ['2026-11-26', 'Not a calling day'],
      ]),
    })!;
    expect(f.callingDays).toBe(3);
    expect(f.lastDay).toBe('2026-12-07'); // Wed 25, (Mon 30 blacked out), Wed 2, Mon 7
    expect(f.skipped).toEqual([{ date: '2026-11-30', label: 'Team day off' }]);
    expect(forecast({ ...base, days: [...base.days] })!.skipped).toEqual([]);
  });
  it('skips today when its windows have closed, and starts now inside an open window', () => {
    const today = {
      ...base,
      days: ['MONDAY', 'TUESDAY'] as ('MONDAY' | 'TUESDAY')[],
      startDate: '2026-11-23',
      recipients: 10,
    };
    expect(forecast({ ...today, now: new Date('2026-11-23T12:00:00Z') })!.firstDay).toBe('2026-11-24');
    const open = forecast({ ...today, now: new Date('2026-11-23T09:30:00Z') })!;
    expect(open.firstDay).toBe('2026-11-23');
    expect(open.firstCallAt.toISOString()).toBe('2026-11-23T09:30:00.000Z');
  });
  it('calls fewer than the batch when there are fewer recipients', () => {
    expect(forecast({ ...base, days: [...base.days], recipients: 5 })!.callsPerDay).toBe(5);
  });
  it('forecasts nothing without recipients, weekdays or windows', () => {
    expect(forecast({ ...base, days: [...base.days], recipients: 0 })).toBeNull();
    expect(forecast({ ...base, days: [] })).toBeNull();
    expect(
      forecast({
        ...base,
        days: [...base.days],
        timeSlots: [{ startTime: '20:00', endTime: '21:00' }],
      }),
    ).toBeNull();
  });
  it('honours DST: the 10:00 window opens at 10:00 local after the change', () => {
    const f = forecast({
      ...base,
      timezone: 'America/New_York',
      days: ['MONDAY'],
      startDate: '2026-11-02',
      recipients: 1,
      now: new Date('2026-10-30T00:00:00Z'),
    })!;
    expect(f.firstCallAt.toISOString()).toBe('2026-11-02T15:00:00.000Z');
  });
  it('shows an instant in the campaign zone and the viewer zone', () => {
    const at = new Date('2026-11-25T09:00:00Z');
    expect(formatInZone(at, 'Europe/Paris')).toBe('Wed 25 Nov 2026, 10:00 (Europe/Paris)');
    expect(formatInZone(at, 'America/New_York')).toBe('Wed 25 Nov 2026, 04:00 (America/New_York)');
  });
});
