/** Property tests of the list-route query parsers: any query string is parsed or refused, never crashes, and what passes is in range. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertySuite } from '../resilience/property-count';
import { AGENT_SORT_PROPERTIES, AgentListQuery, CALL_SORT_PROPERTIES, CallListQuery, parseSort } from './queries';
import { LIMITS } from './limits';

const { counted } = propertySuite('properties-contract-queries', [
  'The list-route query parsers never throw on any query, and every query they accept is within the limits (page >= 1, size 1..100, a known sort, from <= to).',
]);

const KEYS = ['page', 'size', 'sort', 'type', 'agentId', 'phone', 'campaignName', 'from', 'to', 'other'];
const value = fc.oneof(
  fc.string(),
  fc.integer({ min: -5, max: 150 }).map(String),
  fc.constantFrom(
    '1e3',
    '1e20',
    '9007199254740993',
    '0x10',
    'NaN',
    'Infinity',
    '',
    ' ',
    '1.5',
    '-0',
    '2026-01-01',
    '2026-02-30',
    '+14155550100',
    'name,ASC',
    'startTime,DESC',
    'duration,asc',
  ),
  fc.array(fc.string(), { maxLength: 3 }),
);
const query = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 });

describe('list query parsers (property)', () => {
  it('the calls query accepts only in-range values and never throws', () => {
    fc.assert(
      fc.property(
        query,
        counted('call-query', (q) => {
          const r = CallListQuery.safeParse(q);
          if (!r.success) return;
          expect(r.data.page).toBeGreaterThanOrEqual(LIMITS.page.min);
          expect(Number.isInteger(r.data.page) && Number.isInteger(r.data.size)).toBe(true);
          expect(r.data.size).toBeGreaterThanOrEqual(LIMITS.pageSize.min);
          expect(r.data.size).toBeLessThanOrEqual(LIMITS.pageSize.max);
          expect(CALL_SORT_PROPERTIES).toContain(parseSort(r.data.sort).property as never);
          expect(Boolean(r.data.from)).toBe(Boolean(r.data.to));
          if (r.data.from && r.data.to) expect(r.data.from <= r.data.to).toBe(true);
        }),
      ),
      { numRuns: 600 },
    );
  });

  it('the agents query accepts only in-range values and never throws', () => {
    fc.assert(
      fc.property(
        query,
        counted('agent-query', (q) => {
          const r = AgentListQuery.safeParse(q);
          if (!r.success) return;
          expect(r.data.size).toBeLessThanOrEqual(LIMITS.pageSize.max);
          expect(AGENT_SORT_PROPERTIES).toContain(parseSort(r.data.sort).property as never);
        }),
      ),
      { numRuns: 600 },
    );
  });
});
