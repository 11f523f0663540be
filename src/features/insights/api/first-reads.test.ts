import { describe, expect, it } from 'vitest';
import type { SessionBootstrap } from '@contract/bff/http';
import { browserTimeZone } from '@/lib/time/format';
import { parseInsightsSearch, toInsightsQuery } from '../model/search-params';
import { earlyInsightsReads, insightsUrl } from './first-reads';

const signedIn = (timeZone?: string | null): SessionBootstrap => ({
  session: { user: 'operator', role: 'operator', scopes: ['calls:read'] },
  tokens: [],
  ...(timeZone === undefined ? {} : { preferences: { timeZone } }),
});

describe('earlyInsightsReads', () => {
  it('asks what the Insights route asks: its validated search, in the zone the preferences name', () => {
    for (const raw of [{}, { range: 'last30' }, { range: 'custom', from: '2026-11-01', to: '2026-11-07' }, { range: 'nope', agentId: 'x' }]) {
      const [read] = earlyInsightsReads(raw);
      expect(read?.(signedIn('Asia/Tokyo'))).toBe(insightsUrl(toInsightsQuery(parseInsightsSearch(raw), 'Asia/Tokyo')));
    }
    const custom = earlyInsightsReads({ range: 'custom', from: '2026-11-01', to: '2026-11-07', tz: 'America/New_York' })[0]!(signedIn('Asia/Tokyo'));
    expect(new URLSearchParams(custom!.split('?')[1])).toEqual(new URLSearchParams({ from: '2026-11-01', to: '2026-11-07', tz: 'America/New_York' }));
  });

  it("falls back to the browser's zone when the user chose none", () => {
    const [read] = earlyInsightsReads({});
    const expected = insightsUrl(toInsightsQuery(parseInsightsSearch({}), browserTimeZone()));
    expect(read?.(signedIn(null))).toBe(expected);
    expect(read?.(signedIn())).toBe(expected);
  });
});
