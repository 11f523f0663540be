import { describe, expect, it } from 'vitest';
import { CallListQuery, QUERY_PARAM_NAMES } from '@contract/queries';
import { parseCallsSearch, toUpstreamQuery } from './search-params';

describe('parseCallsSearch', () => {
  it('applies defaults to an empty URL', () => {
    expect(parseCallsSearch({})).toMatchObject({ page: 1, size: 20, sort: 'startTime,DESC' });
  });
  it('falls back per field on nonsense instead of failing', () => {
    const s = parseCallsSearch({ page: '0', size: '500', sort: 'bogus,UP', phone: '0612', agentId: 'x', from: '2026-13-01', to: '2026-01-02' });
    expect(s).toEqual({ page: 1, size: 20, sort: 'startTime,DESC', agentId: undefined, phone: undefined, campaignName: undefined, from: undefined, to: undefined });
  });
  it('keeps valid filters and coerces numbers', () => {
    const s = parseCallsSearch({ page: '3', size: '100', sort: 'duration,ASC', phone: '+33612345678', campaignName: 'Spring', from: '2026-01-01', to: '2026-01-31' });
    expect(s).toMatchObject({ page: 3, size: 100, sort: 'duration,ASC', phone: '+33612345678', campaignName: 'Spring', from: '2026-01-01', to: '2026-01-31' });
  });
  it('drops a lone or reversed date end, since the upstream needs both in order', () => {
    expect(parseCallsSearch({ from: '2026-01-01' })).toMatchObject({ from: undefined, to: undefined });
    expect(parseCallsSearch({ from: '2026-02-01', to: '2026-01-01' })).toMatchObject({ from: undefined, to: undefined });
  });
});

describe('toUpstreamQuery', () => {
  it('names params by the contract and leaves empty filters out', () => {
    const q = toUpstreamQuery(parseCallsSearch({ phone: '+33612345678', from: '2026-01-01', to: '2026-01-02' }));
    expect(q.get(QUERY_PARAM_NAMES.phone)).toBe('+33612345678');
    expect(q.has(QUERY_PARAM_NAMES.agentId)).toBe(false);
    expect(CallListQuery.safeParse(Object.fromEntries(q)).success).toBe(true);
  });
});
