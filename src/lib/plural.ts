/**
 * Counts in words, singular or plural by the platform's `Intl.PluralRules` (English, like every
 * string of the console): the one way a count meets a noun on screen.
 *
 *   countOf(1, 'call')                     → "1 call"
 *   countOf(1200, 'call')                  → "1,200 calls"
 *   countOf(1, 'row needs', 'rows need')   → "1 row needs"
 *   pluralWord(2, 'is', 'are')             → "are"
 */
const rules = new Intl.PluralRules('en');

/** `one` when English calls `n` singular, else `other` (default: `one` + "s"). */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === 'one' ? one : other;
}

/** The count, grouped ("1,200"), and the word that agrees with it. */
export function countOf(n: number, one: string, other?: string): string {
  return `${n.toLocaleString('en')} ${pluralWord(n, one, other)}`;
}
