import { describe, expect, it } from 'vitest';
import { zoneRows, type ZoneRowsInput } from './zone-hours';

const groups: ZoneRowsInput['groups'] = [
  { zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'], indexes: [0, 1] },
  { zone: 'America/Los_Angeles', certainty: 'sure', candidates: ['America/Los_Angeles'], indexes: [2] },
  { zone: null, certainty: 'ambiguous', candidates: ['America/Adak', 'America/Anchorage'], indexes: [3] },
  { zone: null, certainty: 'unknown', candidates: [], indexes: [4] },
];
const base: ZoneRowsInput = {
  groups,
  local: false,
  campaignZone: 'America/New_York',
  defaultZone: 'America/New_York',
  viewerZone: 'Europe/Paris',
  timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
  days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
  startDate: '2026-11-30',
  batchSize: 10,
  now: new Date('2026-11-28T12:00:00Z'),
};

describe('zoneRows', () => {
  it('one campaign zone: Los Angeles is called at 07:00–10:00 its time, outside; the viewer sees Paris time', () => {
    const rows = zoneRows(base);
    expect(rows.map((r) => [r.label, r.count, r.callZone, r.theirHours, r.yourHours, r.outside])).toEqual([
      ['America/New_York', 2, 'America/New_York', '10:00–13:00', '16:00–19:00', 'no'],
      ['America/Los_Angeles', 1, 'America/New_York', '07:00–10:00', '16:00–19:00', 'yes'],
      ['Ambiguous: America/Adak or America/Anchorage', 1, 'America/New_York', '05:00–08:00 or 06:00–09:00', '16:00–19:00', 'yes'],
      ['Zone unknown', 1, 'America/New_York', null, '16:00–19:00', 'unknown'],
    ]);
    expect(rows[0]!.firstTheirs).toBe('Mon 30 Nov, 10:00');
    expect(rows[0]!.firstYours).toBe('Mon 30 Nov, 16:00');
  });

  it('own local hours: each sure zone is called in its own clock; unsure numbers in the default, or held back', () => {
    const rows = zoneRows({ ...base, local: true });
    expect(rows.map((r) => [r.callZone, r.theirHours, r.firstTheirs, r.firstYours, r.outside])).toEqual([
      ['America/New_York', '10:00–13:00', 'Mon 30 Nov, 10:00', 'Mon 30 Nov, 16:00', 'no'],
      ['America/Los_Angeles', '10:00–13:00', 'Mon 30 Nov, 10:00', 'Mon 30 Nov, 19:00', 'no'],
      ['America/New_York', '05:00–08:00 or 06:00–09:00', 'Mon 30 Nov, 05:00 or Mon 30 Nov, 06:00', 'Mon 30 Nov, 16:00', 'yes'],
      ['America/New_York', null, null, 'Mon 30 Nov, 16:00', 'unknown'],
    ]);
    const held = zoneRows({ ...base, local: true, defaultZone: null });
    expect(held.slice(2).map((r) => [r.callZone, r.outside])).toEqual([
      [null, 'unknown'],
      [null, 'unknown'],
    ]);
  });

  it('calls a window that crosses midnight in their clock outside, and draws 12 zones', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ zone: `Etc/GMT-${i}`, certainty: 'sure' as const, candidates: [`Etc/GMT-${i}`], indexes: [i] }));
    const rows = zoneRows({ ...base, groups: twelve, campaignZone: 'UTC', timeSlots: [{ startTime: '14:00', endTime: '20:00' }] });
    expect(rows).toHaveLength(12);
    expect(rows[0]!.outside).toBe('no');
    expect(rows[5]!.theirHours).toBe('19:00–01:00');
    expect(rows[5]!.outside).toBe('yes');
  });
});
