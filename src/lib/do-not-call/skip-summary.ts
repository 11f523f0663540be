/**
 * "N of M will be skipped" with the right plural for the counts (Intl.PluralRules), and the
 * reasons grouped so a long list reads as a few lines.
 */
import type { DncSkipped } from '@contract/bff/do-not-call';
import { countOf, pluralWord } from '../plural';

const word = pluralWord;

export function skipSummary(skipped: number, total: number): string {
  return `${skipped.toLocaleString('en')} of ${total.toLocaleString('en')} ${word(total, 'number', 'numbers')} ${word(skipped, 'is', 'are')} on the do-not-call list and will be skipped.`;
}

/** After a create: the same, told in the past. */
export function skippedSummary(skipped: number, total: number): string {
  return `${skipped.toLocaleString('en')} of ${total.toLocaleString('en')} ${word(total, 'number', 'numbers')} ${word(skipped, 'was', 'were')} on the do-not-call list and left out.`;
}

/** The reasons, each with how many numbers it covers, most frequent first. */
export function groupReasons(skipped: readonly DncSkipped[]): { reason: string; count: number; phones: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const s of skipped) groups.set(s.reason, [...(groups.get(s.reason) ?? []), s.phone]);
  return [...groups.entries()].map(([reason, phones]) => ({ reason, count: phones.length, phones })).sort((a, b) => b.count - a.count);
}

export function skippedNumbers(n: number): string {
  return countOf(n, 'number');
}
