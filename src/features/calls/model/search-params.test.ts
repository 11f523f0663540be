import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '@contract/limits';
import { CallListQuery, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES } from '@contract/queries';
import { IndexSearchQuery } from '@contract/bff/index';
import {
  clearFilters,
  hasFilters,
  INDEX_FILTERS,
  listSearchOf,
  parseCallsSearch,
  toIndexQuery,
  toUpstreamQuery,
  usesIndex,
  viewSearchOf,
} from './search-params';

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
    expect(parseCallsSearch({ from: '2026-01-01' })).toEqual({ page: 1, size: 20, sort: 'startTime,DESC' });
    expect(parseCallsSearch({ from: '2026-02-01', to: '2026-01-01' })).toEqual({ page: 1, size: 20, sort: 'startTime,DESC' });
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

describe('the index filters', () => {
  it('reads statuses (repeated or comma-separated), flags, bounds, pairs and text; drops the rest', () => {
    const s = parseCallsSearch({
      status: ['NO_ANSWER', 'VOICE_BOX,BOGUS'],
      hasRecording: 'true',
      answeringMachine: false,
      minDuration: '30',
      maxDuration: 60,
      classifier: 'interest=no',
      extracted: ['address.city=Paris', 'no-equals'],
      tag: ['vip'],
      hangUpWithin: '5',
      q: '"cancel my subscription" -refund',
      tz: 'Mars/Olympus',
    });
    expect(s).toEqual({
      page: 1,
      size: 20,
      sort: 'startTime,DESC',
      status: ['NO_ANSWER', 'VOICE_BOX'],
      hasRecording: true,
      answeringMachine: false,
      minDuration: 30,
      maxDuration: 60,
      classifier: ['interest=no'],
      extracted: ['address.city=Paris'],
      tag: ['vip'],
      hangUpWithin: 5,
      q: '"cancel my subscription" -refund',
    });
    expect(usesIndex(s)).toBe(true);
    expect(usesIndex(parseCallsSearch({ agentId: undefined, from: '2026-01-01', to: '2026-01-02' }))).toBe(false);
  });

  it('drops reversed duration bounds and text with control characters', () => {
    expect(parseCallsSearch({ minDuration: 90, maxDuration: 10, q: 'a\u0000b' })).toEqual({ page: 1, size: 20, sort: 'startTime,DESC' });
  });

  it('clearing keeps only paging size and sort, and restarts at page 1', () => {
    const s = parseCallsSearch({ page: 4, size: 50, sort: 'duration,ASC', agentId: '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11', status: 'FAILED', q: 'x' });
    expect(clearFilters(s)).toEqual({ page: 1, size: 50, sort: 'duration,ASC' });
    expect(hasFilters(clearFilters(s))).toBe(false);
  });

  it('every URL, however odd, maps to a query the index route accepts', () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('a=b', 'x.y=1', '=v', 'NO_ANSWER', 'FAILED,COMPLETED', 'true', 'false', '12', '-3'));
    const any = fc.oneof(text, fc.array(text, { maxLength: 3 }), fc.integer({ min: -5, max: 100_000 }), fc.boolean());
    const keys = fc.constantFrom(...INDEX_FILTERS, 'page', 'size', 'sort', 'from', 'to', 'campaignName');
    fc.assert(
      fc.property(fc.dictionary(keys, any, { maxKeys: 10 }), (input) => {
        const query = toIndexQuery(parseCallsSearch(input), 'Europe/Paris');
        const raw: Record<string, string | string[]> = {};
        for (const key of new Set(query.keys())) {
          const all = query.getAll(key);
          raw[key] = all.length > 1 ? all : all[0]!;
        }
        const result = IndexSearchQuery.safeParse(raw);
        expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the selected call (the detail panel)', () => {
  const id = '3f2c1b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';
  it('is kept when it is a UUID, dropped otherwise, and is no part of the list read', () => {
    expect(parseCallsSearch({ call: id }).call).toBe(id);
    expect(parseCallsSearch({ call: 'not-a-call' }).call).toBeUndefined();
    expect(parseCallsSearch({ call: `${id}x` }).call).toBeUndefined();
    const search = parseCallsSearch({ call: id, status: 'COMPLETED' });
    expect(listSearchOf(search)).toEqual(parseCallsSearch({ status: 'COMPLETED' }));
    expect(hasFilters(parseCallsSearch({ call: id }))).toBe(false);
  });
});

describe('a saved view', () => {
  it('keeps the filters, sort and size from page 1, and not the call the panel shows', () => {
    const search = parseCallsSearch({ status: 'COMPLETED', size: 50, page: 3, call: '6f1c2a52-8b5e-4c1a-9d7e-3f2b1a0c9d8e' });
    expect(viewSearchOf(search)).toEqual(parseCallsSearch({ status: 'COMPLETED', size: 50 }));
  });
});
