import { describe, expect, it } from 'vitest';
import { groupByZone, offsetMinutes, zoneOfNumber, type ZoneTable } from './recipient-zones';

const TABLE: Record<string, string> = {
  '1': 'America/New_York&America/Chicago&Pacific/Guam',
  '1212': 'America/New_York',
  '1907': 'America/Adak&America/Anchorage',
  '44': 'Europe/Guernsey&Europe/Isle_of_Man&Europe/Jersey&Europe/London',
};
const lookup: ZoneTable = (p) => TABLE[p];
const of = (phone: string, regionZones: string[] = []) => zoneOfNumber({ phone, region: null, regionZones, lookup, year: 2026 });

describe('zoneOfNumber', () => {
  it('takes the longest prefix', () => {
    expect(of('+12125550100')).toEqual({ zone: 'America/New_York', certainty: 'sure', candidates: ['America/New_York'] });
  });
  it('calls zones with different clocks ambiguous, and names them', () => {
    expect(of('+19075550100')).toEqual({ zone: null, certainty: 'ambiguous', candidates: ['America/Adak', 'America/Anchorage'] });
  });
  it('takes zones that keep one clock all year as one, preferring the region’s own', () => {
    expect(of('+442071234567', ['Europe/London'])).toMatchObject({ zone: 'Europe/London', certainty: 'sure' });
    expect(of('+442071234567')).toMatchObject({ zone: 'Europe/Guernsey', certainty: 'sure' });
  });
  it('drops other countries’ zones when the region is known', () => {
    expect(of('+14155550100', ['America/Chicago', 'America/Denver'])).toMatchObject({
      zone: 'America/Chicago',
      certainty: 'sure',
      candidates: ['America/Chicago'],
    });
  });
  it('says unknown for a prefix with no entry', () => {
    expect(of('+999123')).toEqual({ zone: null, certainty: 'unknown', candidates: [] });
  });
});

describe('groupByZone', () => {
  it('groups sure zones largest first, then the ambiguous, then the unknown', () => {
    const groups = groupByZone(['+12125550100', '+19075550100', '+999', '+12125550101', '+19075550101'].map((p) => of(p)));
    expect(groups.map((g) => [g.zone, g.certainty, g.indexes])).toEqual([
      ['America/New_York', 'sure', [0, 3]],
      [null, 'ambiguous', [1, 4]],
      [null, 'unknown', [2]],
    ]);
  });
  it('keeps 12 zones apart', () => {
    const zones = Array.from({ length: 12 }, (_, i) => ({ zone: `Etc/GMT-${i}`, certainty: 'sure' as const, candidates: [`Etc/GMT-${i}`] }));
    expect(groupByZone(zones)).toHaveLength(12);
  });
});

describe('offsetMinutes', () => {
  it('reads winter and summer offsets', () => {
    expect(offsetMinutes('America/New_York', new Date('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(offsetMinutes('America/New_York', new Date('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetMinutes('Asia/Kolkata', new Date('2026-07-15T12:00:00Z'))).toBe(330);
  });
});
