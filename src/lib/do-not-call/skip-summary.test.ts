import { describe, expect, it } from 'vitest';
import { groupReasons, skippedSummary, skipSummary } from './skip-summary';

describe('skipSummary', () => {
  it('says N of M with plurals that agree', () => {
    expect(skipSummary(1, 1)).toBe('1 of 1 number is on the do-not-call list and will be skipped.');
    expect(skipSummary(1, 3)).toBe('1 of 3 numbers is on the do-not-call list and will be skipped.');
    expect(skipSummary(2, 1200)).toBe('2 of 1,200 numbers are on the do-not-call list and will be skipped.');
    expect(skipSummary(0, 5)).toBe('0 of 5 numbers are on the do-not-call list and will be skipped.');
    expect(skippedSummary(1, 3)).toBe('1 of 3 numbers was on the do-not-call list and left out.');
    expect(skippedSummary(2, 3)).toBe('2 of 3 numbers were on the do-not-call list and left out.');
  });
});

describe('groupReasons', () => {
  it('groups numbers by reason, the most frequent first', () => {
    expect(
      groupReasons([
        { index: 0, phone: '+33612345601', reason: 'A' },
        { index: 1, phone: '+33612345602', reason: 'B' },
        { index: 2, phone: '+33612345603', reason: 'B' },
      ]),
    ).toEqual([
      { reason: 'B', count: 2, phones: ['+33612345602', '+33612345603'] },
      { reason: 'A', count: 1, phones: ['+33612345601'] },
    ]);
  });
});
