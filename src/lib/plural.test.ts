import { describe, expect, it } from 'vitest';
import { countOf, pluralWord } from './plural';

describe('countOf and pluralWord', () => {
  it('agree a noun with its count by Intl.PluralRules', () => {
    expect(countOf(0, 'duplicate')).toBe('0 duplicates');
    expect(countOf(1, 'duplicate')).toBe('1 duplicate');
    expect(countOf(2, 'duplicate')).toBe('2 duplicates');
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
    expect(countOf(3, 'match', 'matches')).toBe('3 matches');
    expect(countOf(1, 'row needs', 'rows need')).toBe('1 row needs');
    expect(countOf(12345, 'call')).toBe('12,345 calls');
  });

  it('treats 1.0 as one and 1.5 as other, as English does', () => {
    expect(pluralWord(1, 'is', 'are')).toBe('is');
    expect(pluralWord(1.5, 'is', 'are')).toBe('are');
    expect(pluralWord(-1, 'call')).toBe('call');
  });
});
