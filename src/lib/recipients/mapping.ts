/**
 * Which column is what: exactly one holds the phone, any number hold segmentation tags, the rest
 * become context variables named after their header (or are ignored).
 */
import { normalisePhone, type CountryCode } from './phone';
import type { ParsedTable } from './parse-table';

export type ColumnRole = 'phone' | 'tags' | 'context' | 'ignore';

export interface ColumnMapping {
  /** One role per column of the table, in column order. */
  roles: ColumnRole[];
  /** Context variable names per column (used where the role is `context`); defaults to the header. */
  keys: string[];
}

const PHONE_HEADER = /^(phone|phone.?number|tel|t[ée]l[ée]phone|mobile|cell|msisdn|number|num[ée]ro|portable|recipient)$/i;
const TAGS_HEADER = /^(tags?|segments?|segmentation.?tags?|labels?)$/i;

/**
 * A first guess a person then corrects: the phone column by its header, else the column whose
 * cells most often normalise; tag columns by header; everything else context.
 */
export function guessMapping(table: ParsedTable, defaultCountry?: CountryCode): ColumnMapping {
  const width = table.headers.length;
  const roles: ColumnRole[] = table.headers.map((h) => (TAGS_HEADER.test(h.trim()) ? 'tags' : 'context'));
  let phone = table.hasHeader ? table.headers.findIndex((h) => PHONE_HEADER.test(h.trim())) : -1;
  if (phone < 0 && width > 0) {
    const sample = table.rows.slice(0, 50);
    let best = 0;
    let bestScore = -1;
    for (let i = 0; i < width; i++) {
      const score = sample.filter((r) => normalisePhone(r.cells[i] ?? '', defaultCountry).ok).length;
      if (score > bestScore) [best, bestScore] = [i, score];
    }
    phone = best;
  }
  if (phone >= 0) roles[phone] = 'phone';
  return { roles, keys: table.headers.map(contextKey) };
}

/** A context variable name from a header: trimmed, inner whitespace as underscores. */
export function contextKey(header: string): string {
  return header.trim().replace(/\s+/g, '_');
}

/** Problems with the mapping itself, as sentences; empty when it can be applied. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const problems: string[] = [];
  const phones = mapping.roles.filter((r) => r === 'phone').length;
  if (phones === 0) problems.push('Choose the column that holds the phone number.');
  if (phones > 1) problems.push('Only one column can hold the phone number.');
  const seen = new Set<string>();
  mapping.roles.forEach((role, i) => {
    if (role !== 'context') return;
    const key = mapping.keys[i]?.trim() ?? '';
    if (key === '') problems.push(`Column ${i + 1} needs a variable name.`);
    else if (key === 'system') problems.push('"system" is reserved for the system variables; rename that column.');
    else if (seen.has(key)) problems.push(`Two columns are both named "${key}".`);
    seen.add(key);
  });
  return problems;
}
