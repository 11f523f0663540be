/**
 * A mapped table → recipients ready for the Voice API, and every row that cannot be sent with the
 * reason why: an impossible phone, a duplicate of an earlier row, or a row past the limit.
 */
import { LIMITS } from '@contract/limits';
import type { Recipient } from '@contract/schemas/recipient';
import type { ColumnMapping } from './mapping';
import { normalisePhone, type CountryCode } from './phone';
import type { ParsedTable } from './parse-table';

export type ProblemKind = 'phone' | 'duplicate' | 'limit';

export interface RowProblem {
  /** Source line (1-based, the header is line 1), as parseTable reports it. */
  line: number;
  kind: ProblemKind;
  /** What was in the phone cell. */
  phone: string;
  /** A sentence a person can act on. */
  reason: string;
}

export interface BuiltRecipients {
  recipients: Recipient[];
  /** The source line of each recipient, same order. */
  lines: number[];
  problems: RowProblem[];
  /** Rows dropped because their E.164 number already appeared (also listed in problems). */
  duplicates: number;
  /** Rows considered (non-empty data rows). */
  total: number;
}

export interface BuildOptions {
  defaultCountry?: CountryCode;
  /** At most this many recipients are kept; the rest are problems. Default: the bulk limit. */
  max?: number;
}

/** Splits cells of tag columns on commas, semicolons or pipes. */
const TAG_SEPARATOR = /[,;|]/;

export function buildRecipients(table: ParsedTable, mapping: ColumnMapping, options: BuildOptions = {}): BuiltRecipients {
  const max = options.max ?? LIMITS.bulkRecipients.max;
  const phoneColumn = mapping.roles.indexOf('phone');
  const recipients: Recipient[] = [];
  const lines: number[] = [];
  const problems: RowProblem[] = [];
  const firstLine = new Map<string, number>();
  let duplicates = 0;

  for (const row of table.rows) {
    const typed = phoneColumn >= 0 ? (row.cells[phoneColumn] ?? '') : '';
    const phone = normalisePhone(typed, options.defaultCountry);
    if (!phone.ok) {
      problems.push({ line: row.line, kind: 'phone', phone: typed, reason: typed === '' ? 'No phone number.' : `"${typed}" ${phone.reason}.` });
      continue;
    }
    const earlier = firstLine.get(phone.e164);
    if (earlier !== undefined) {
      duplicates++;
      problems.push({ line: row.line, kind: 'duplicate', phone: typed, reason: `${phone.e164} is already on line ${earlier}.` });
      continue;
    }
    firstLine.set(phone.e164, row.line);
    if (recipients.length >= max) {
      problems.push({ line: row.line, kind: 'limit', phone: typed, reason: `Past the limit of ${max.toLocaleString('en')} recipients.` });
      continue;
    }
    recipients.push(toRecipient(phone.e164, row.cells, mapping));
    lines.push(row.line);
  }
  return { recipients, lines, problems, duplicates, total: table.rows.length };
}

function toRecipient(phone: string, cells: string[], mapping: ColumnMapping): Recipient {
  const tags: string[] = [];
  // Entries, then Object.fromEntries: a column named "__proto__" (or "constructor") becomes an own
  // key like any other, where `context[key] = cell` would set the object's prototype and vanish.
  const entries: [string, string][] = [];
  mapping.roles.forEach((role, i) => {
    const cell = cells[i] ?? '';
    if (role === 'tags') {
      for (const tag of cell.split(TAG_SEPARATOR)) {
        const t = tag.trim();
        if (t !== '' && !tags.includes(t)) tags.push(t);
      }
    } else if (role === 'context' && cell !== '') {
      const key = mapping.keys[i]?.trim();
      if (key) entries.push([key, cell]);
    }
  });
  const context: Record<string, string> = Object.fromEntries(entries);
  return {
    phone,
    ...(Object.keys(context).length > 0 ? { context } : {}),
    ...(tags.length > 0 ? { segmentationTags: tags } : {}),
  };
}

/** Splits recipients into requests of at most `size` (default: the bulk limit per request). */
export function chunk<T>(items: readonly T[], size: number = LIMITS.bulkRecipients.max): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
