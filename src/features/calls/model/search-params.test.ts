import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '@contract/limits';
import { CallListQuery, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES } from '@contract/queries';
import { parseCallsSearch, toUpstreamQuery } from './search-params';

describe('parseCallsSearch', () => {
  it('applies defaults to an empty URL', () => {
    expect(parseCallsSearch({})).toMatchObject({ page: 1, size: 20, sort: 'startTime,DESC' });
  });
  it('falls back per field on nonsense instead of failing', () => {
    const s = parseCallsSearch({ page: '0', size: '500', sort: 'bogus,UP', phone: '0612', agentId: 'x', from: '2026-13-01', to: '2026-01-02' });
    expect(s).toEqual({
      page: 1,
      size: 20,
      sort: 'startTime,DESC',
      agentId: undefined,
      phone: undefined,
      campaignName: undefined,
      from: undefined,
      to: undefined,
    });
  });
  it('keeps valid filters and coerces numbers', () => {
    const s = parseCallsSearch({
      page: '3',
      size: '100',
      sort: 'duration,ASC',
      phone: '+33612345678',
      campaignName: 'Spring',
      from: '2026-01-01',
      to: '2026-01-31',
    });
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

describe('parseCallsSearch without zod', () => {
  // The zod reading it replaced (kept here only): each field of the contract's CallListQuery with a fallback.
  const Reference = z.object({
    page: CallListQuery.shape.page.catch(LIMITS.page.default),
    size: CallListQuery.shape.size.catch(LIMITS.pageSize.default),
    sort: CallListQuery.shape.sort.catch(DEFAULT_CALL_SORT),
    agentId: CallListQuery.shape.agentId.catch(undefined),
    phone: CallListQuery.shape.phone.catch(undefined),
    campaignName: CallListQuery.shape.campaignName.catch(undefined),
    from: CallListQuery.shape.from.catch(undefined),
    to: CallListQuery.shape.to.catch(undefined),
  });
  const reference = (raw: Record<string, unknown>) => {
    const s = Reference.parse(raw);
    return !s.from || !s.to || s.from > s.to ? { ...s, from: undefined, to: undefined } : s;
  };
  const value = fc.oneof(
    fc.string(),
    fc.integer({ min: -5, max: 200 }),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 2 }),
    fc.constantFrom(
      '',
      ' 3',
      '3.0',
      '1e2',
      '0x10',
      '2026-02-29',
      '2028-02-29',
      '2026-01-31',
      '+14155550100',
      '+0123456',
      'duration,ASC',
      'phone,DESC',
      'x,ASC',
    ),
    fc.uuid(),
  );
  const raw = fc.dictionary(fc.constantFrom('page', 'size', 'sort', 'agentId', 'phone', 'campaignName', 'from', 'to', 'other'), value, { maxKeys: 8 });

  it('reads every URL exactly as the zod schema did', () => {
    fc.assert(
      fc.property(raw, (input) => {
        expect(parseCallsSearch(input)).toEqual(reference(input));
      }),
      { numRuns: 2000 },
    );
  });
});
