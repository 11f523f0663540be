/**
 * The wizard's recipient table: the imported rows with their edits, turned into recipients with the
 * shared import (src/lib/recipients), plus what the step shows: bad rows, duplicates, the limit.
 */
import { LIMITS } from '@contract/limits';
import { buildRecipients, isCountryCode, parseTable, guessMapping, type BuiltRecipients } from '@/lib/recipients';
import type { RecipientsDraft } from './wizard-draft';

export function importTable(text: string, fileName: string | null, defaultCountry: string, hasHeader?: boolean): RecipientsDraft {
  const table = parseTable(text, hasHeader === undefined ? {} : { hasHeader });
  const country = isCountryCode(defaultCountry) ? defaultCountry : undefined;
  const mapping = guessMapping(table, country);
  return {
    fileName,
    headers: table.headers,
    rows: table.rows,
    hasHeader: table.hasHeader,
    delimiter: table.delimiter,
    roles: mapping.roles,
    keys: mapping.keys,
    defaultCountry,
  };
}

/** All recipients, not cut at the limit: past it the wizard offers to split. */
export function buildFromDraft(draft: RecipientsDraft): BuiltRecipients {
  return buildRecipients(
    {
      headers: draft.headers,
      rows: draft.rows,
      hasHeader: draft.hasHeader,
      delimiter: draft.delimiter,
      hadBom: false,
      errors: [],
    },
    { roles: draft.roles, keys: draft.keys },
    {
      defaultCountry: isCountryCode(draft.defaultCountry) ? draft.defaultCountry : undefined,
      max: Number.MAX_SAFE_INTEGER,
    },
  );
}

/** The person corrects the header guess: the first row becomes the header, or the header a row. */
export function withHeader(draft: RecipientsDraft, hasHeader: boolean): RecipientsDraft {
  if (hasHeader === draft.hasHeader) return draft;
  const table = hasHeader
    ? { headers: draft.rows[0]?.cells ?? [], rows: draft.rows.slice(1) }
    : {
        headers: draft.headers.map((_, i) => `Column ${i + 1}`),
        rows: [{ line: 1, cells: draft.headers }, ...draft.rows],
      };
  const parsed = {
    ...table,
    hasHeader,
    delimiter: draft.delimiter,
    hadBom: false,
    errors: [],
  };
  const mapping = guessMapping(parsed, isCountryCode(draft.defaultCountry) ? draft.defaultCountry : undefined);
  return {
    ...draft,
    ...table,
    hasHeader,
    roles: mapping.roles,
    keys: mapping.keys,
  };
}

export function withCell(draft: RecipientsDraft, line: number, column: number, value: string): RecipientsDraft {
  return {
    ...draft,
    rows: draft.rows.map((r) => (r.line === line ? { ...r, cells: r.cells.map((c, i) => (i === column ? value : c)) } : r)),
  };
}

export function withoutLines(draft: RecipientsDraft, lines: ReadonlySet<number>): RecipientsDraft {
  return { ...draft, rows: draft.rows.filter((r) => !lines.has(r.line)) };
}

export type LimitState = { kind: 'empty' } | { kind: 'ok' } | { kind: 'over'; parts: number };

export function limitState(count: number): LimitState {
  if (count < LIMITS.campaignRecipients.min) return { kind: 'empty' };
  if (count <= LIMITS.campaignRecipients.max) return { kind: 'ok' };
  return {
    kind: 'over',
    parts: Math.ceil(count / LIMITS.campaignRecipients.max),
  };
}

/** A cell that a spreadsheet would run as a formula is prefixed with a quote. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rejected rows as CSV: the original columns, the line and the reason. */
export function rejectedRowsCsv(draft: RecipientsDraft, problems: BuiltRecipients['problems']): string {
  const byLine = new Map(draft.rows.map((r) => [r.line, r.cells]));
  const lines = [[...draft.headers, 'line', 'reason'].map(csvCell).join(',')];
  for (const p of problems) lines.push([...(byLine.get(p.line) ?? []), String(p.line), p.reason].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
