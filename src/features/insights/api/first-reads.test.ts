import { describe, expect, it } from 'vitest';
import type { SessionBootstrap } from '@contract/bff/http';
import { DEFAULT_CALLS_TABLE } from '@contract/bff/preferences.plain';
import type { SessionRead } from '@/lib/early-reads';
import { allAgentsPageRead } from '@/lib/shared-queries/agents-reads';
import { browserTimeZone } from '@/lib/time/format';
import { parseInsightsSearch, toInsightsQuery } from '../model/search-params';
import { earlyInsightsReads, insightsUrl } from './first-reads';

const signedIn = (timeZone?: string | null): SessionBootstrap => ({
  session: { user: 'operator', role: 'operator', scopes: ['calls:read'] },
  tokens: [],
  ...(timeZone === undefined ? {} : { preferences: { timeZone, callsTable: DEFAULT_CALLS_TABLE } }),
});

/** The index's figures: the first of Insights' early reads, a session read. */
const figuresRead = (raw: Record<string, unknown>) => earlyInsightsReads(raw)[0] as SessionRead;

describe('earlyInsightsReads', () => {
  it('asks what the Insights route asks: its validated search, in the zone the preferences name', () => {
    for (const raw of [{}, { range: 'last30' }, { range: 'custom', from: '2026-11-01', to: '2026-11-07' }, { range: 'nope', agentId: 'x' }]) {
      expect(figuresRead(raw)(signedIn('Asia/Tokyo'))).toBe(insightsUrl(toInsightsQuery(parseInsightsSearch(raw), 'Asia/Tokyo')));
    }
    const custom = figuresRead({ range: 'custom', from: '2026-11-01', to: '2026-11-07', tz: 'America/New_York' })(signedIn('Asia/Tokyo'));
    expect(new URLSearchParams(custom!.split('?')[1])).toEqual(new URLSearchParams({ from: '2026-11-01', to: '2026-11-07', tz: 'America/New_York' }));
  });

  it("falls back to the browser's zone when the user chose none", () => {
    const read = figuresRead({});
    const expected = insightsUrl(toInsightsQuery(parseInsightsSearch({}), browserTimeZone()));
    expect(read(signedIn(null))).toBe(expected);
    expect(read(signedIn())).toBe(expected);
  });

  it('also starts the first page of every agent, which the route waits for (the names)', () => {
    expect(earlyInsightsReads({}).slice(1)).toEqual([allAgentsPageRead(1)]);
  });
});
