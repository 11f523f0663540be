import { describe, expect, it } from 'vitest';
import type { CampaignProgress } from '@contract/bff/index';
import { countedByIndex, progressCells } from './progress';

const base: CampaignProgress = {
  campaignId: '00000000-0000-4000-8000-000000000001',
  campaignName: 'Renewals',
  calls: 12,
  groups: { reached: 5, noAnswer: 3, failed: 1, canceled: 2, inProgress: 1 },
  recipientsCalled: 9,
  recipients: 20,
  remaining: 11,
  lastCallAt: null,
};

describe('progressCells', () => {
  it('counts reached and not reached (no answer and failed), and what remains of the recipients', () => {
    expect(progressCells(base)).toEqual({ calls: 12, reached: 5, notReached: 4, remaining: { count: 11, of: 20 } });
  });

  it('has no remaining count when the recipients are not known', () => {
    expect(progressCells({ ...base, recipients: null, remaining: null }).remaining).toBeNull();
  });
});

describe('countedByIndex', () => {
  it('counts a campaign only once a pass that began after its creation has completed', () => {
    expect(countedByIndex('2026-11-28T10:00:05.000Z', '2026-11-28T10:00:00.000Z')).toBe(false);
    expect(countedByIndex('2026-11-28T10:00:05.000Z', '2026-11-28T10:00:05.000Z')).toBe(true);
    expect(countedByIndex('2026-11-28T10:00:05.000Z', '2026-11-28T10:00:30.000Z')).toBe(true);
    expect(countedByIndex('2026-11-28T10:00:05.000Z', null)).toBe(false);
  });
});
