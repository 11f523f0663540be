import { describe, expect, it } from 'vitest';
import { heldForHours, inCallingWindows, localTimeIn } from './local-hours';
import { rolesWith } from './permissions';

// 2026-11-28 21:05 UTC: 22:05 in Paris, 16:05 in New York, 11:05 in Adak, 12:05 in Anchorage.
const AT = new Date('2026-11-28T21:05:00Z');

describe('the local-hours hold', () => {
  it('reads the local time in the zone', () => {
    expect(localTimeIn('Europe/Paris', AT)).toBe('22:05');
    expect(localTimeIn('America/New_York', AT)).toBe('16:05');
  });

  it('takes the windows as start included, end excluded, with the lunch gap', () => {
    expect(['09:59', '10:00', '12:59', '13:00', '13:59', '14:00', '19:59', '20:00'].map(inCallingWindows)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('holds a sure zone outside the windows and passes one inside', () => {
    expect(heldForHours({ zone: 'Europe/Paris', certainty: 'sure', candidates: ['Europe/Paris'] }, AT)).toEqual({
      zone: 'Europe/Paris',
      localTime: '22:05',
      reason: 'It is 22:05 in Europe/Paris, outside the calling hours (10:00–13:00 and 14:00–20:00)',
    });
    expect(heldForHours({ zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'] }, AT)).toBeNull();
  });

  it('holds an ambiguous number when any candidate is outside; never holds an unknown one', () => {
    const alaska = { zone: null, certainty: 'ambiguous' as const, candidates: ['America/Adak', 'America/Anchorage'] };
    expect(heldForHours(alaska, AT)).toBeNull();
    // 05:30 UTC: 20:30 in Anchorage (outside), 19:30 in Adak (inside): held, as one candidate is outside.
    expect(heldForHours(alaska, new Date('2026-11-29T05:30:00Z'))).toMatchObject({ zone: 'America/Anchorage', localTime: '20:30' });
    expect(heldForHours({ zone: null, certainty: 'unknown', candidates: [] }, AT)).toBeNull();
  });

  it('lets operators and admins override, never viewers', () => {
    expect(rolesWith('calls:override-hours')).toEqual(['operator', 'admin']);
  });
});
