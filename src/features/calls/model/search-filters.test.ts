/**
 * The calls search's table (contract/bff/index-filters.plain.ts) as the SPA derives it: each row
 * has a URL parser that keeps what the index route takes and drops what it refuses, with the same
 * limits, and a place in the filter bar.
 */
import { describe, expect, it } from 'vitest';
import { FILTER_ROWS, IndexSearchQuery, type FilterRow } from '@contract/bff/index';
import { samplesOf } from '@contract/testing/filter-samples';
import { FILTERS } from './filter-bar';
import { parseCallsSearch, parseFilter } from './search-params';

/** Whether the route takes the value as a URL carries it (toIndexQuery writes every value as text). */
const accepted = (f: FilterRow, key: string, value: unknown) => {
  const text = Array.isArray(value) ? value.map(String) : String(value);
  return IndexSearchQuery.safeParse(f.kind === 'date' ? Object.fromEntries(f.keys.map((k) => [k, text])) : { [key]: text }).success;
};

describe("the calls search's filters in the SPA", () => {
  it.each(FILTER_ROWS.map((f) => [f.name, f] as const))('%s: the URL parser keeps exactly what the route takes', (_name, f) => {
    const samples = samplesOf(f);
    for (const key of f.keys) {
      for (const value of [...samples.good, ...samples.bad]) {
        const kept = parseFilter(f, value);
        expect(kept !== undefined, `${key}=${JSON.stringify(value)}`).toBe(accepted(f, key, value));
        if (kept !== undefined) expect(accepted(f, key, kept), `${key}=${JSON.stringify(value)} read as ${JSON.stringify(kept)}`).toBe(true);
      }
      if (samples.tooMany) {
        // The route refuses one too many; the URL's first ones are kept, as many as the route takes.
        expect(accepted(f, key, samples.tooMany)).toBe(false);
        const kept = parseFilter(f, samples.tooMany) as string[];
        expect(kept).toEqual([...new Set(samples.tooMany)].slice(0, 'repeat' in f ? f.repeat : 0));
        expect(accepted(f, key, kept)).toBe(true);
      }
    }
  });

  it('reads every key of the table into the search, and nothing else', () => {
    const raw = Object.fromEntries(FILTER_ROWS.flatMap((f) => f.keys.map((key) => [key, samplesOf(f).good[0]])));
    // A window is before its end; durations in order (the samples give each bound the same value).
    const search = parseCallsSearch({ ...raw, startedBefore: '2026-11-01T11:00:00Z', unknown: 'x' });
    expect(Object.keys(search)).toEqual(['page', 'size', 'sort', ...FILTER_ROWS.flatMap((f) => f.keys)]);
  });

  it("puts every row in the bar with its label, keys and index-ness, but the zone and the hour window (a link's, with their own place)", () => {
    const rows = new Map(FILTER_ROWS.map((f) => [f.name as string, f]));
    expect(FILTER_ROWS.filter((f) => f.offered === false).map((f) => f.name)).toEqual(['zone', 'window']);
    expect(FILTERS.map((f) => f.id).sort()).toEqual(
      FILTER_ROWS.filter((f) => f.offered !== false)
        .map((f) => f.name)
        .sort(),
    );
    for (const def of FILTERS) {
      const row = rows.get(def.id)!;
      expect({ label: def.label, keys: def.keys, index: def.index }).toEqual({ label: row.label, keys: row.keys, index: row.index });
      expect(def.fields.length).toBeGreaterThan(0);
    }
    expect(FILTERS.at(-1)!.id).toBe('q');
  });
});
