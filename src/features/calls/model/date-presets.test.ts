import { describe, expect, it } from 'vitest';
import { CallListQuery } from '@contract/queries';
import { DATE_PRESETS, presetRange } from './date-presets';

describe('presetRange', () => {
  const now = new Date('2026-03-10T23:30:00Z');
  it('always gives both ends, inclusive, as dates in the zone', () => {
    expect(presetRange('today', 'UTC', now)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(presetRange('last7', 'UTC', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('last30', 'UTC', now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });
  it("counts today as the zone's date, not UTC's", () => {
    expect(presetRange('today', 'Europe/Paris', now)).toEqual({ from: '2026-03-11', to: '2026-03-11' });
    expect(presetRange('last7', 'America/Los_Angeles', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
  it('every preset is a query the upstream accepts', () => {
    for (const p of DATE_PRESETS) expect(CallListQuery.safeParse(presetRange(p.id, 'Asia/Tokyo', now)).success).toBe(true);
  });
});
