import { describe, expect, it } from 'vitest';
import { stepSelection } from './selection';

describe('stepSelection', () => {
  const ids = ['a', 'b', 'c'];
  it('moves by the delta and stays within the rows', () => {
    expect(stepSelection(ids, 'a', 1)).toBe('b');
    expect(stepSelection(ids, 'b', -1)).toBe('a');
    expect(stepSelection(ids, 'c', 1)).toBe('c');
    expect(stepSelection(ids, 'a', -1)).toBe('a');
    expect(stepSelection(ids, 'a', 10)).toBe('c');
  });
  it('starts from the first row (j) or the last (k) when the selection is not on the page', () => {
    expect(stepSelection(ids, undefined, 1)).toBe('a');
    expect(stepSelection(ids, 'gone', -1)).toBe('c');
    expect(stepSelection([], 'a', 1)).toBeUndefined();
  });
});
