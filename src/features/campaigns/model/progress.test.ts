import { describe, expect, it } from 'vitest';
import type { CampaignProgress } from '@contract/bff/index';
import { progressCells } from './progress';

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
