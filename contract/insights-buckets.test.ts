import { describe, expect, it } from 'vitest';
import { InsightsQuery } from './bff/index';
import { INDEX_LIMITS } from './bff/index.plain';

const issues = (input: Record<string, string>) => {
  const r = InsightsQuery.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('an Insights query’s buckets (issue 28 §3)', () => {
  it('refuses hourly buckets over a year, naming bucket, before any work', () => {
    expect(issues({ from: '2026-01-01', to: '2026-12-31', bucket: 'hour' })).toEqual([
      {
        path: 'bucket',
        message: `Hourly buckets cover at most ${Math.floor(INDEX_LIMITS.insightsMaxBuckets / 24)} days: ask for day buckets over a longer range.`,
      },
    ]);
    expect(
      issues({ from: '2026-01-01', to: '2026-12-31', startedFrom: '2026-01-01T00:00:00Z', startedBefore: '2026-03-01T00:00:00Z', bucket: 'hour' })[0]?.path,
    ).toBe('bucket');
  });

  it('answers hourly buckets over a month, and day buckets over a year', () => {
    expect(issues({ from: '2026-01-01', to: '2026-01-31', bucket: 'hour' })).toEqual([]);
    expect(issues({ from: '2026-01-01', to: '2026-12-31', bucket: 'day' })).toEqual([]);
    expect(issues({ from: '2026-01-01', to: '2026-12-31' })).toEqual([]);
  });
});
