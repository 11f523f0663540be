import { describe, expect, it } from 'vitest';
import { InsightsQuery as InsightsQuerySchema } from '@contract/bff/index';
import { callsHref, durationSearch, groupSearch, seriesSearch } from './calls-links';
import { bucketLabel, durationAxisLabel, durationLabel, stackSeries, twoLineChars } from './chart-data';
import { DURATION_BUCKET_EDGES } from '@contract/bff/index.plain';
import { parseInsightsSearch, toInsightsQuery } from './search-params';

const now = new Date('2026-03-10T23:30:00Z');

describe('parseInsightsSearch', () => {
  it('defaults to the last 7 days and falls back on nonsense', () => {
    expect(parseInsightsSearch({})).toEqual({ range: 'last7' });
    expect(parseInsightsSearch({ range: 'forever', agentId: 'x', tz: 'Mars/Olympus', campaignName: '' })).toEqual({ range: 'last7' });
  });
  it('keeps a custom range only with both dates, in order, at most 366 days', () => {
    expect(parseInsightsSearch({ range: 'custom', from: '2026-01-01', to: '2026-01-31' })).toEqual({ range: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(parseInsightsSearch({ range: 'custom', from: '2026-02-01', to: '2026-01-01' })).toEqual({ range: 'last7' });
    expect(parseInsightsSearch({ range: 'custom', from: '2024-01-01', to: '2026-01-01' })).toEqual({ range: 'last7' });
    expect(parseInsightsSearch({ range: 'custom', from: '2026-01-01' })).toEqual({ range: 'last7' });
  });
});

describe('toInsightsQuery', () => {
  it('reads presets as days in the zone (the URL zone before the display zone)', () => {
    expect(toInsightsQuery({ range: 'today' }, 'UTC', now)).toEqual({ from: '2026-03-10', to: '2026-03-10', tz: 'UTC' });
    expect(toInsightsQuery({ range: 'today', tz: 'Europe/Paris' }, 'UTC', now)).toEqual({ from: '2026-03-11', to: '2026-03-11', tz: 'Europe/Paris' });
    expect(toInsightsQuery({ range: 'yesterday' }, 'America/New_York', now)).toMatchObject({ from: '2026-03-09', to: '2026-03-09' });
    expect(toInsightsQuery({ range: 'last30', agentId: 'a' }, 'UTC', now)).toEqual({ from: '2026-02-09', to: '2026-03-10', tz: 'UTC', agentId: 'a' });
  });
  it('every preset is a query the index route accepts', () => {
    for (const range of ['today', 'yesterday', 'last7', 'last30', 'last90'] as const)
      expect(InsightsQuerySchema.safeParse(toInsightsQuery({ range }, 'Asia/Tokyo', now)).success).toBe(true);
  });
});

describe('links to the calls list', () => {
  const query = { from: '2026-03-04', to: '2026-03-10', tz: 'Europe/Paris', agentId: '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11' };
  it('a share narrows the range to its status group, with the zone pinned', () => {
    expect(groupSearch(query, 'noAnswer')).toEqual({ ...query, campaignName: undefined, status: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'] });
  });
  it('a bar of the calls chart is its bucket exactly', () => {
    const s = seriesSearch(query, { start: '2026-03-04T23:00:00Z', end: '2026-03-05T23:00:00Z' }, 'failed');
    expect(s).toMatchObject({ startedFrom: '2026-03-04T23:00:00Z', startedBefore: '2026-03-05T23:00:00Z', status: expect.arrayContaining(['FAILED']) });
    expect(s.from).toBeUndefined();
  });
  it('an open-ended duration bucket has no upper bound', () => {
    expect(durationSearch(query, { minSeconds: 1800, maxSeconds: null })).toMatchObject({ minDuration: 1800, maxDuration: undefined });
  });
  it('hrefs are the calls list with the search the router reads back', () => {
    expect(callsHref({ from: '2026-03-04', status: ['FAILED', 'REJECTED'], maxDuration: undefined })).toBe(
      '/calls?from=2026-03-04&status=%5B%22FAILED%22%2C%22REJECTED%22%5D',
    );
  });
});

describe('chart data', () => {
  it('stacks the groups in order, each on the ones below', () => {
    const [bar] = stackSeries([
      { start: 's', end: 'e', label: '2026-03-04T14:00', groups: { reached: 2, noAnswer: 3, failed: 0, canceled: 1, inProgress: 0 } },
    ]);
    expect(bar!.label).toBe('Mar 4 14:00');
    expect(bar!.total).toBe(6);
    expect(bar!.segments.map((s) => [s.group, s.base, s.count])).toEqual([
      ['reached', 0, 2],
      ['noAnswer', 2, 3],
      ['failed', 5, 0],
      ['canceled', 5, 1],
      ['inProgress', 6, 0],
    ]);
  });
  it('labels buckets and durations for people', () => {
    expect(bucketLabel('2026-12-01')).toBe('Dec 1');
    expect(durationLabel({ minSeconds: 30, maxSeconds: 59 })).toBe('30 s – 59 s');
    expect(durationLabel({ minSeconds: 120, maxSeconds: 179 })).toBe('2 min – 2 min 59 s');
    expect(durationLabel({ minSeconds: 1800, maxSeconds: null })).toBe('30 min or more');
  });
  it('names every duration bucket on the axis in a few characters, from its first second to the next bucket’s', () => {
    const buckets = DURATION_BUCKET_EDGES.map((min, i) => ({
      minSeconds: min,
      maxSeconds: i + 1 < DURATION_BUCKET_EDGES.length ? DURATION_BUCKET_EDGES[i + 1]! - 1 : null,
    }));
    expect(buckets.map(durationAxisLabel)).toEqual([
      '0–15 s',
      '15–30 s',
      '30–60 s',
      '1–2 min',
      '2–3 min',
      '3–5 min',
      '5–10 min',
      '10–15 min',
      '15–30 min',
      '30 min+',
    ]);
    expect(durationAxisLabel({ minSeconds: 45, maxSeconds: 89 })).toBe('45 s – 1 min 30 s');
    expect(durationAxisLabel({ minSeconds: 45, maxSeconds: null })).toBe('45 s+');
  });
  it('measures a tick label by the longer of its two most even lines', () => {
    expect(twoLineChars('Nov 29 14:00')).toBe(6);
    expect(twoLineChars('10–15 min')).toBe(5);
    expect(twoLineChars('Nov 3')).toBe(3);
    expect(twoLineChars('30 min+')).toBe(4);
    expect(twoLineChars('Unknown')).toBe(7);
  });
});
