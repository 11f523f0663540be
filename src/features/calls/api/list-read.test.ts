import { describe, expect, it } from 'vitest';
import { parseCallsSearch, toUpstreamQuery } from '../model/search-params';
import { earlyListReads, upstreamListRead } from './list-read';

describe('earlyListReads', () => {
  it('starts the read the list route will ask for, with its validated search', () => {
    for (const raw of [
      {},
      { page: 3, size: 50, sort: 'duration,ASC' },
      { page: -1, size: 'x' },
      { agentId: '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', phone: '+14155550100' },
    ]) {
      const [read, ...more] = earlyListReads(raw);
      expect(more).toEqual([]);
      expect(read?.path).toBe('/v1/calls');
      expect(read?.query?.toString()).toBe(toUpstreamQuery(parseCallsSearch(raw)).toString());
      expect(read).toEqual(upstreamListRead(parseCallsSearch(raw)));
    }
  });

  it('starts nothing when the index answers, or when dates need the display zone', () => {
    expect(earlyListReads({ status: ['COMPLETED'] })).toEqual([]);
    expect(earlyListReads({ q: 'refund' })).toEqual([]);
    expect(earlyListReads({ from: '2026-01-01', to: '2026-01-31' })).toEqual([]);
  });
});
