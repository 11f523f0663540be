import { describe, expect, it } from 'vitest';
import { samplesOf } from '../testing/filter-samples';
import {
  FILTER_ROWS,
  hasControlCharacter,
  INDEX_ONLY_PARAMS,
  INDEX_QUERY_PARAM_NAMES,
  IndexSearchQuery,
  SEARCH_FILTER_KEYS,
  SEARCH_FILTERS,
  type FilterRow,
} from './index';

/** One parameter's value, with its partner where the route wants both (`from` with `to`). */
const queryOf = (f: FilterRow, key: string, value: unknown) => (f.kind === 'date' ? Object.fromEntries(f.keys.map((k) => [k, value])) : { [key]: value });
const issuesAt = (key: string, query: Record<string, unknown>) => {
  const result = IndexSearchQuery.safeParse(query);
  return (result.error?.issues ?? []).filter((i) => i.path[0] === key).map((i) => i.message);
};

describe('the calls search filters table', () => {
  it('gives the route one parameter per key of its rows, in their order, and no other filter', () => {
    const route = ['page', 'size', 'sort', ...SEARCH_FILTER_KEYS, 'exactTotal'];
    expect(Object.keys(IndexSearchQuery.shape)).toEqual(route);
    expect(Object.keys(INDEX_QUERY_PARAM_NAMES)).toEqual(route);
    expect(new Set(SEARCH_FILTER_KEYS).size).toBe(SEARCH_FILTER_KEYS.length);
    expect(new Set(FILTER_ROWS.map((f) => f.label)).size).toBe(FILTER_ROWS.length);
    expect(INDEX_ONLY_PARAMS).toEqual(FILTER_ROWS.filter((f) => f.index).flatMap((f) => f.keys));
    expect(INDEX_ONLY_PARAMS.slice(0, 3)).toEqual(['tz', 'startedFrom', 'startedBefore']);
  });

  it.each(FILTER_ROWS.map((f) => [f.name, f] as const))("%s: its kind's schema takes and refuses what its row's limits say", (_name, f) => {
    const samples = samplesOf(f);
    for (const key of f.keys) {
      for (const value of samples.good) expect(issuesAt(key, queryOf(f, key, value)), `${key}=${JSON.stringify(value)}`).toEqual([]);
      for (const value of samples.bad) expect(issuesAt(key, queryOf(f, key, value)), `${key}=${JSON.stringify(value)}`).not.toEqual([]);
      if (samples.tooMany) {
        expect(issuesAt(key, { [key]: samples.tooMany.slice(0, -1) })).toEqual([]);
        expect(issuesAt(key, { [key]: samples.tooMany })).toEqual([expect.stringMatching(new RegExp(`^At most ${'repeat' in f ? f.repeat : -1} `))]);
      }
    }
  });

  it("words a text's refusals with the row's name and limit", () => {
    const { campaign, q, tag, classifier, extracted, hangUp, check, outcome } = SEARCH_FILTERS;
    expect(issuesAt('campaignName', { campaignName: 'x'.repeat(campaign.max + 1) })).toEqual([`A campaign name is at most ${campaign.max} characters.`]);
    expect(issuesAt('q', { q: 'a\u0000b' })).toEqual(['The search text may not contain control characters.']);
    expect(issuesAt('q', { q: 'x'.repeat(q.max + 1) })).toEqual([`The search text is at most ${q.max} characters.`]);
    expect(issuesAt('tag', { tag: 'a\u007fb' })).toEqual(['A tag may not contain control characters.']);
    expect(issuesAt('tag', { tag: [...Array(tag.repeat + 1).keys()].map(String) })).toEqual([`At most ${tag.repeat} tags.`]);
    expect(issuesAt('classifier', { classifier: '=no' })).toEqual(['Write a classifier filter as name=value.']);
    expect(issuesAt('classifier', { classifier: `a=${'x'.repeat(classifier.max)}` })).toEqual([`A classifier filter is at most ${classifier.max} characters.`]);
    expect(issuesAt('extracted', { extracted: 'a..b=c' })).toEqual(['Write a extracted filter as path.to.field=value.']);
    expect(issuesAt('extracted', { extracted: [...Array(extracted.repeat + 1).keys()].map((i) => `f${i}=v`) })).toEqual([
      `At most ${extracted.repeat} extracted filters.`,
    ]);
    expect(issuesAt('hangUpWithin', { hangUpWithin: String(hangUp.max + 1) })).toEqual([`Must be at most ${hangUp.max}.`]);
    expect(issuesAt('check', { check: '0' })).toEqual(['A check is named by its id (a whole number).']);
    expect(issuesAt('outcome', { outcome: String(outcome.max + 1) })).toEqual(['No outcome has so large an id.']);
    expect(issuesAt('check', { check: [...Array(check.repeat + 1).keys()].map((i) => String(i + 1)) })).toEqual([`At most ${check.repeat} checks.`]);
  });

  it('has one rule of control characters: C0 and DEL, but tab, newline and carriage return', () => {
    for (const c of ['\u0000', '\u0001', '\u001b', '\u001f', '\u007f']) expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
    for (const s of ['a\tb', 'a\nb', 'a\r\nb', 'café', '“quoted”', '\u0080', '']) expect(hasControlCharacter(s), JSON.stringify(s)).toBe(false);
  });
});
