/** A saved view's search as the filter a rule watches: the watched filters kept, the view's zone, window and paging left. */
import { describe, expect, it } from 'vitest';
import { watchFilterOf } from './measure';

describe('watchFilterOf', () => {
  it("keeps the upstream list's and the index-only filters, not the zone, the dates or the paging", () => {
    const result = watchFilterOf({
      campaignName: 'Spring push',
      status: ['NO_ANSWER'],
      hasRecording: true,
      minDuration: 30,
      tag: ['vip'],
      q: 'refund',
      tz: 'Europe/Paris',
      from: '2026-01-01',
      to: '2026-01-31',
      startedFrom: '2026-01-01T00:00:00Z',
      startedBefore: '2026-01-02T00:00:00Z',
      page: 2,
      sort: 'startTime,desc',
    });
    expect(result).toEqual({ filter: { campaignName: 'Spring push', status: ['NO_ANSWER'], hasRecording: true, minDuration: 30, tag: ['vip'], q: 'refund' } });
  });

  it('names a bad filter of the view under viewName', () => {
    const result = watchFilterOf({ minDuration: -1 });
    expect(result).toEqual({ errors: [expect.objectContaining({ field: 'viewName', message: expect.stringMatching(/^The view's minDuration filter: /) })] });
  });
});
