import { describe, expect, it } from 'vitest';
import { elapsed, fromSnapshot, ordered, withEnd, withStart } from './live-board';

const call = (id: string, startTime: string, campaignName: string | null = null) => ({ id, agentId: null, phone: '+14155550100', startTime, campaignName });

describe('live board state', () => {
  it('starts from the snapshot, adds starts, keeps a known campaign, and drops ends', () => {
    let calls = fromSnapshot([call('a', '2026-01-01T10:00:00Z', 'Spring')]);
    calls = withStart(calls, call('b', '2026-01-01T10:05:00Z'));
    calls = withStart(calls, call('a', '2026-01-01T10:00:00Z'));
    expect(ordered(calls).map((c) => [c.id, c.campaignName])).toEqual([
      ['b', null],
      ['a', 'Spring'],
    ]);
    calls = withEnd(calls, 'a');
    expect(ordered(calls).map((c) => c.id)).toEqual(['b']);
    expect(withEnd(calls, 'unknown')).toBe(calls);
  });

  it('shows the running time as m:ss, then h:mm:ss, never negative', () => {
    const start = '2026-01-01T10:00:00Z';
    const at = (s: number) => Date.parse(start) + s * 1000;
    expect(elapsed(start, at(65))).toBe('1:05');
    expect(elapsed(start, at(3 * 3600 + 7))).toBe('3:00:07');
    expect(elapsed(start, at(-3))).toBe('0:00');
  });
});
