import { describe, expect, it } from 'vitest';
import { allAgentsPageRead } from '@/lib/shared-queries/agents-reads';
import { parseCallsSearch, toUpstreamQuery } from '../model/search-params';
import { callRead, earlyListReads, earlyReviewReads, transcriptRead, upstreamListRead } from './first-reads';

describe('earlyListReads', () => {
  it('starts the read the list route will ask for, with its validated search', () => {
    for (const raw of [
      {},
      { page: 3, size: 50, sort: 'duration,ASC' },
      { page: -1, size: 'x' },
      { agentId: '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b', phone: '+14155550100' },
    ]) {
      const [read, ...more] = earlyListReads(raw);
      expect(more).toEqual([allAgentsPageRead(1)]);
      expect(read?.path).toBe('/v1/calls');
      expect(read?.query?.toString()).toBe(toUpstreamQuery(parseCallsSearch(raw)).toString());
      expect(read).toEqual(upstreamListRead(parseCallsSearch(raw)));
    }
  });

  it("starts only the agents' read when the index answers, or when dates need the display zone", () => {
    expect(earlyListReads({ status: ['COMPLETED'] })).toEqual([allAgentsPageRead(1)]);
    expect(earlyListReads({ q: 'refund' })).toEqual([allAgentsPageRead(1)]);
    expect(earlyListReads({ from: '2026-01-01', to: '2026-01-31' })).toEqual([allAgentsPageRead(1)]);
  });
});

describe('earlyReviewReads', () => {
  it("reads the call, its transcript and the agents' first page, as the review does, for a call id only", () => {
    const id = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(earlyReviewReads(id)).toEqual([callRead(id), transcriptRead(id), allAgentsPageRead(1)]);
    expect(earlyReviewReads(id).map((r) => r.path)).toEqual([`/v1/calls/${id}`, `/v1/calls/${id}/transcript`, '/v1/agents']);
    for (const notAnId of ['new', 'abc', '%E0%A4%A', `${id}x`, '../agents']) expect(earlyReviewReads(notAnId)).toEqual([]);
  });
});
