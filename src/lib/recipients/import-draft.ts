/**
 * An imported recipient table with the person's edits (header choice, column roles, fixed or
 * removed rows), kept as plain data (the wizard saves it in its draft), and turned into recipients
 * by the shared import. Placing bulk calls and the campaign wizard both hold one of these.
 */
import { csvSafeCell } from '../csv-safe';
import { buildRecipients, type BuiltRecipients } from './build-recipients';
import { guessMapping, type ColumnRole } from './mapping';
import { parseTable, type ParsedTable } from './parse-table';
import { isCountryCode } from './phone';

/** Any imported table with the person's column roles (recipients, do-not-call numbers...). */
export interface TableDraft<R extends string = string> {
  fileName: string | null;
  headers: string[];
  rows: { line: number; cells: string[] }[];
  hasHeader: boolean;
  delimiter: string;
  roles: R[];
  keys: string[];
}

/** A parsed table as a draft with the given column roles and keys (one per header). */
export function tableDraftOf<R extends string>(
  table: Pick<ParsedTable, 'headers' | 'rows' | 'hasHeader' | 'delimiter'>,
  fileName: string | null,
  roles: R[],
  keys: string[],
): TableDraft<R> {
  return { fileName, headers: table.headers, rows: table.rows, hasHeader: table.hasHeader, delimiter: table.delimiter, roles, keys };
}

export interface RecipientsDraft extends TableDraft<ColumnRole> {
  defaultCountry: string;
}

export function importTable(text: string, fileName: string | null, defaultCountry: string, hasHeader?: boolean): RecipientsDraft {
  const table = parseTable(text, hasHeader === undefined ? {} : { hasHeader });
  const country = isCountryCode(defaultCountry) ? defaultCountry : undefined;
  const mapping = guessMapping(table, country);
  return { ...tableDraftOf(table, fileName, mapping.roles, mapping.keys), defaultCountry };
}

/** The recipients of a draft, at most `max` (the wizard takes all: past its limit it offers to split). */
export function buildFromDraft(draft: RecipientsDraft, max: number = Number.MAX_SAFE_INTEGER): BuiltRecipients {
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
      max,
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

export function withCell<D extends TableDraft>(draft: D, line: number, column: number, value: string): D {
  return {
    ...draft,
    rows: draft.rows.map((r) => (r.line === line ? { ...r, cells: r.cells.map((c, i) => (i === column ? value : c)) } : r)),
  };
}

export function withoutLines<D extends TableDraft>(draft: D, lines: ReadonlySet<number>): D {
  return { ...draft, rows: draft.rows.filter((r) => !lines.has(r.line)) };
}

/** A cell that a spreadsheet would run as a formula (full-width forms too) is prefixed with a quote. */
const csvCell = (value: string): string => csvSafeCell(value);

/** The rejected rows as CSV: the original columns, the line and the reason. */
export function rejectedRowsCsv(draft: TableDraft, problems: readonly { line: number; reason: string }[]): string {
  const byLine = new Map(draft.rows.map((r) => [r.line, r.cells]));
  const lines = [[...draft.headers, 'line', 'reason'].map(csvCell).join(',')];
  for (const p of problems) lines.push([...(byLine.get(p.line) ?? []), String(p.line), p.reason].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
