import { describe, expect, it } from 'vitest';
import { planZoneParts, shareOut, zonePartName } from './zone-parts';

const now = new Date('2026-11-28T06:00:00Z'); // Paris 07:00 on the 28th; Honolulu 20:00 on the 27th
const groups = [
  { zone: 'America/New_York', certainty: 'sure' as const, candidates: ['America/New_York'], indexes: [0, 1, 2] },
  { zone: 'Pacific/Honolulu', certainty: 'sure' as const, candidates: ['Pacific/Honolulu'], indexes: [3] },
  { zone: null, certainty: 'ambiguous' as const, candidates: ['America/Adak', 'America/Anchorage'], indexes: [4] },
  { zone: null, certainty: 'unknown' as const, candidates: [], indexes: [5] },
];
const recipients = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('shareOut', () => {
  it('shares by size, largest remainder first, summing to the total', () => {
    expect(shareOut(100, [500, 300, 200])).toEqual([50, 30, 20]);
    expect(shareOut(10, [1, 1, 1])).toEqual([4, 3, 3]);
  });
  it('gives every part at least one call a day', () => {
    expect(shareOut(2, [998, 1, 1])).toEqual([2, 1, 1]);
  });
});

describe('planZoneParts', () => {
  it('makes one part per zone with its share of the batch; the unsure go to the default zone', () => {
    const plan = planZoneParts({ name: 'Renewals', recipients, groups, defaultZone: 'America/New_York', batchSize: 10, startDate: '2026-11-28', now });
    expect(plan.held).toEqual([]);
    expect(plan.parts.map((p) => [p.name, p.timezone, p.recipients, p.batchSize, p.unsure])).toEqual([
      ['Renewals · America/New_York', 'America/New_York', ['a', 'b', 'c', 'e', 'f'], 8, 2],
      ['Renewals · Pacific/Honolulu', 'Pacific/Honolulu', ['d'], 2, 0],
    ]);
  });
  it('holds the unsure back when there is no default', () => {
    const plan = planZoneParts({ name: 'R', recipients, groups, defaultZone: null, batchSize: 10, startDate: '2026-11-28', now });
    expect(plan.held).toEqual(['e', 'f']);
    expect(plan.parts).toHaveLength(2);
  });
  it('keeps a start date that is still ahead in a zone behind, and moves one already past', () => {
    const behind = planZoneParts({ name: 'R', recipients, groups, defaultZone: null, batchSize: 10, startDate: '2026-11-27', now });
    // The 27th is past in New York (01:00 on the 28th) but still today in Honolulu.
    expect(behind.parts.map((p) => [p.timezone, p.startDate, p.startMoved])).toEqual([
      ['America/New_York', '2026-11-28', true],
      ['Pacific/Honolulu', '2026-11-27', false],
    ]);
  });
  it('cuts a zone past the part size, and keeps names within the limit', () => {
    const many = Array.from({ length: 5 }, (_, i) => i);
    const plan = planZoneParts({
      name: 'x'.repeat(300),
      recipients: many,
      groups: [{ zone: 'Europe/Paris', certainty: 'sure', candidates: ['Europe/Paris'], indexes: [0, 1, 2, 3, 4] }],
      defaultZone: null,
      batchSize: 3,
      startDate: '2026-11-28',
      now,
      partSize: 2,
    });
    expect(plan.parts.map((p) => p.recipients)).toEqual([[0, 1], [2, 3], [4]]);
    expect(plan.parts.map((p) => p.batchSize)).toEqual([1, 1, 1]);
    expect(plan.parts.every((p) => p.name.length <= 200 && p.name.endsWith(`Europe/Paris (${plan.parts.indexOf(p) + 1}/3)`))).toBe(true);
  });
  it('names parts stably', () => {
    expect(zonePartName('A', 'Asia/Tokyo', 0, 1)).toBe('A · Asia/Tokyo');
  });
  it('1,000+ recipients over many zones: one campaign per zone (cut only past the limit), each within the limits', () => {
    const zones = Array.from({ length: 12 }, (_, i) => `Etc/GMT-${i}`);
    const sizes = [1200, ...Array.from({ length: 11 }, (_, i) => 10 * (i + 1))];
    let next = 0;
    const groups = zones.map((zone, z) => ({ zone, certainty: 'sure' as const, candidates: [zone], indexes: Array.from({ length: sizes[z]! }, () => next++) }));
    const plan = planZoneParts({
      name: 'Big',
      recipients: Array.from({ length: next }, (_, i) => i),
      groups,
      defaultZone: null,
      batchSize: 1000,
      startDate: '2026-11-28',
      now,
    });
    expect(plan.parts).toHaveLength(13);
    expect(new Set(plan.parts.map((p) => p.name)).size).toBe(13);
    expect(plan.parts.filter((p) => p.timezone === 'Etc/GMT-0').map((p) => p.recipients.length)).toEqual([1000, 200]);
    expect(plan.parts.every((p) => p.recipients.length >= 1 && p.recipients.length <= 1000 && p.batchSize >= 1 && p.batchSize <= 1000)).toBe(true);
    expect(plan.parts.flatMap((p) => p.recipients).sort((a, b) => a - b)).toEqual(Array.from({ length: next }, (_, i) => i));
  });
});
