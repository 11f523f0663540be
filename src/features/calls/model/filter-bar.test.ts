import { describe, expect, it } from 'vitest';
import { INDEX_ONLY_PARAMS } from '@contract/bff/index.plain';
import { FILTERS, activeFilters, chipText, dayRange, withFilter, withoutFilter, withoutWindow, type ChipNames } from './filter-bar';
import { FilterForm, formDefaults, toSearch } from './filter-form';
import { FILTER_KEYS, parseCallsSearch } from './search-params';

const AGENT = '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11';
const names: ChipNames = { agent: () => 'Sales bot', check: (id) => `Check #${id}`, outcome: (id) => (id === '4' ? 'Booked' : `Outcome #${id}`) };

describe('the filter bar', () => {
  it('offers every filter of the list but the pinned zone and the hour window (which keep their own place)', () => {
    const offered = new Set(FILTERS.flatMap((f) => f.keys));
    expect(FILTER_KEYS.filter((key) => !offered.has(key))).toEqual(['tz', 'startedFrom', 'startedBefore']);
    // Each filter's form fields exist in the one schema; the index's filters are said so.
    for (const f of FILTERS) for (const field of f.fields) expect(Object.keys(FilterForm.shape)).toContain(field);
    expect(
      FILTERS.filter((f) => f.index)
        .flatMap((f) => f.keys)
        .sort(),
    ).toEqual(INDEX_ONLY_PARAMS.filter((k) => !['tz', 'startedFrom', 'startedBefore'].includes(k)).sort());
  });

  it('names each active filter on its chip', () => {
    const search = parseCallsSearch({
      agentId: AGENT,
      phone: '+33612345678',
      campaignName: 'Winter renewals',
      from: '2026-11-01',
      to: '2026-11-07',
      status: ['COMPLETED', 'FAILED'],
      hasRecording: true,
      minDuration: 30,
      classifier: ['interest=no', 'mood=calm'],
      extracted: 'address.city=Paris',
      tag: 'vip',
      answeringMachine: false,
      transfer: true,
      hangUpWithin: 10,
      check: ['12'],
      outcome: ['4'],
      q: 'refund',
    });
    expect(activeFilters(search).map((f) => chipText(search, f.id, names, 2026))).toEqual([
      'Agent: Sales bot',
      'Phone: +33612345678',
      'Campaign: Winter renewals',
      'Started: 1 Nov – 7 Nov',
      'Status: Completed, Failed',
      'Has recording: Yes',
      'Duration: ≥ 30 s',
      'Classifier: interest = no +1',
      'Extracted field: address.city = Paris',
      'Tag: vip',
      'Answering machine: No',
      'Transferred: Yes',
      'Hung up within: 10 s',
      'Flagged by: Check #12',
      'Met outcome: Booked',
      'Transcript text: “refund”',
    ]);
    expect(chipText(parseCallsSearch({ maxDuration: 90 }), 'duration', names)).toBe('Duration: ≤ 90 s');
    expect(chipText(parseCallsSearch({ minDuration: 10, maxDuration: 90 }), 'duration', names)).toBe('Duration: 10–90 s');
  });

  it('gives the year only when the days are not all in this year', () => {
    expect(dayRange('2026-11-01', '2026-11-07', 2026)).toBe('1 Nov – 7 Nov');
    expect(dayRange('2026-11-01', '2026-11-01', 2026)).toBe('1 Nov');
    expect(dayRange('2025-12-25', '2026-01-02', 2026)).toBe('25 Dec 2025 – 2 Jan 2026');
    expect(dayRange('2025-03-01', '2025-03-31', 2026)).toBe('1 Mar 2025 – 31 Mar 2025');
  });

  it('changes only the edited filter, on the search as last chosen; paging restarts', () => {
    const shown = parseCallsSearch({ page: 3, agentId: AGENT, tag: 'vip', sort: 'duration,DESC' });
    // Since the popover opened, the person sorted and set a campaign: both stay.
    const current = { ...shown, sort: 'startTime,ASC', campaignName: 'Spring' };
    const form = FilterForm.parse({ ...formDefaults(shown, 'FR'), tag: 'urgent', agentId: null });
    const next = withFilter(current, 'tag', toSearch(form, undefined, current));
    expect(next).toEqual({ ...current, page: 1, tag: ['urgent'] });
    // Emptied, the filter leaves the URL.
    expect('agentId' in withFilter(current, 'agent', toSearch(form, undefined, current))).toBe(false);
  });

  it('removes a filter (all its keys) and nothing else', () => {
    const search = parseCallsSearch({
      page: 2,
      from: '2026-11-01',
      to: '2026-11-07',
      tag: 'vip',
      startedFrom: '2026-11-02T10:00:00Z',
      startedBefore: '2026-11-02T11:00:00Z',
    });
    expect(withoutFilter(search, 'started')).toEqual({
      page: 1,
      size: 20,
      sort: 'startTime,DESC',
      tag: ['vip'],
      startedFrom: '2026-11-02T10:00:00Z',
      startedBefore: '2026-11-02T11:00:00Z',
    });
    expect(withoutWindow(search)).toEqual({ page: 1, size: 20, sort: 'startTime,DESC', tag: ['vip'], from: '2026-11-01', to: '2026-11-07' });
  });
});
