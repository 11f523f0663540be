import { describe, expect, it } from 'vitest';
import { FilterForm, formDefaults, toSearch } from './filter-form';
import { parseCallsSearch } from './search-params';

const AGENT = '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11';

describe('the filter form', () => {
  it('round-trips the URL: the form shows the search and applying it unchanged gives it back (page 1)', () => {
    const search = parseCallsSearch({
      page: 3,
      size: 50,
      sort: 'duration,DESC',
      agentId: AGENT,
      phone: '+33612345678',
      from: '2026-01-01',
      to: '2026-01-31',
      status: ['FAILED', 'NO_ANSWER'],
      hasRecording: true,
      minDuration: 10,
      classifier: ['interest=no', 'mood=calm'],
      extracted: 'address.city=Paris',
      tag: 'vip',
      transfer: false,
      hangUpWithin: 5,
      q: 'cancel',
      check: ['12', '7'],
      outcome: ['4', '9'],
      startedFrom: '2026-01-02T10:00:00Z',
      startedBefore: '2026-01-02T11:00:00Z',
    });
    const form = FilterForm.parse(formDefaults(search, 'FR'));
    expect(toSearch(form, search.phone, search)).toEqual({ ...search, page: 1 });
  });

  it('keeps a chosen check or category, and a second one from a link behind it; "Any call" drops the first', () => {
    const search = parseCallsSearch({ check: ['12', '7', 'x', '0'] });
    expect(search.check).toEqual(['12', '7']);
    const form = FilterForm.parse(formDefaults(search, 'US'));
    expect(form.check).toBe('12');
    expect(toSearch({ ...form, check: '3' }, undefined, search).check).toEqual(['3', '7']);
    expect(toSearch({ ...form, check: '' }, undefined, search).check).toEqual(['7']);
    expect(FilterForm.safeParse({ ...form, check: '1 OR 1' }).success).toBe(false);
  });

  it('keeps a chosen outcome and a second one from a link behind it; "Any call" drops the first', () => {
    const search = parseCallsSearch({ outcome: ['4', '9', 'booked', '-1', '2147483648'], campaignName: 'Spring' });
    expect(search.outcome).toEqual(['4', '9']);
    const form = FilterForm.parse(formDefaults(search, 'US'));
    expect(form.outcome).toBe('4');
    expect(toSearch({ ...form, outcome: '5' }, undefined, search).outcome).toEqual(['5', '9']);
    expect(toSearch({ ...form, outcome: '' }, undefined, parseCallsSearch({ outcome: '4' })).outcome).toBeUndefined();
    expect(FilterForm.safeParse({ ...form, outcome: '4; DROP' }).success).toBe(false);
  });

  it('replaces, never merges: emptied fields leave the URL', () => {
    const search = parseCallsSearch({ agentId: AGENT, campaignName: 'Spring', status: 'FAILED', q: 'x' });
    const form = { ...formDefaults(search, 'US'), agentId: null, campaignName: '', status: [], q: '' };
    expect(toSearch(FilterForm.parse(form), undefined, search)).toEqual({ page: 1, size: 20, sort: 'startTime,DESC' });
  });

  it('names the field of each mistake', () => {
    const base = formDefaults(parseCallsSearch({}), 'US');
    const issues = (patch: Partial<FilterForm>) => FilterForm.safeParse({ ...base, ...patch }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ from: '2026-01-02' })).toEqual(['to: Choose both a start and an end date.']);
    expect(issues({ from: '2026-02-02', to: '2026-01-01' })).toEqual(['from: The start date must not be after the end date.']);
    expect(issues({ minDuration: '90', maxDuration: '10' })).toEqual(['minDuration: The shortest must not be longer than the longest.']);
    expect(issues({ classifierName: 'interest' })).toEqual(['classifierValue: Give both the classifier and its value.']);
    expect(issues({ hangUpWithin: '-1' })![0]).toMatch(/^hangUpWithin: /);
    expect(issues({ extractedPath: 'a..b', extractedValue: '1' })).toEqual(['extractedPath: Write the field path as name or group.name.']);
  });
});
