/**
 * Pasted text or a CSV file's text → a table of strings, with papaparse: delimiter detection
 * (comma, semicolon, tab, pipe), quoted fields (embedded delimiters, quotes and line breaks),
 * a byte-order mark stripped, and whether the first row is a header guessed from its content.
 */
import Papa from 'papaparse';

export interface ParsedTable {
  /** Column names: the header row, or `Column 1`, `Column 2`, ... when there is none. */
  headers: string[];
  /** Data rows, each padded to the header's width. */
  rows: ParsedRow[];
  /** The detected delimiter (`,` when the text has a single column). */
  delimiter: string;
  hasHeader: boolean;
  /** The text began with a UTF-8 byte-order mark (Excel's "CSV UTF-8"). */
  hadBom: boolean;
  /** Structural problems papaparse reported (an unclosed quote, ...), by line. */
  errors: { line: number; message: string }[];
}

export interface ParsedRow {
  /** 1-based line of the source a person sees in their editor (the header is line 1). */
  line: number;
  cells: string[];
}

export interface ParseOptions {
  /** Force the header guess. */
  hasHeader?: boolean;
}

const BOM = '\uFEFF';
/** A cell that holds a phone number has at least this many digits; no header cell does. */
const PHONE_LIKE = /(?:\d[\s().-]*){6,}/;

export function parseTable(text: string, options: ParseOptions = {}): ParsedTable {
  const hadBom = text.startsWith(BOM);
  const source = hadBom ? text.slice(1) : text;
  const result = Papa.parse<string[]>(source, {
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: false,
  });
  const delimiter = result.meta.delimiter || ',';

  // Keep each row's source line so problems point where the person looks.
  const raw: ParsedRow[] = [];
  const lineOfRow: number[] = [];
  let line = 1;
  for (const cells of result.data) {
    lineOfRow.push(line);
    const trimmed = cells.map((c) => c.trim());
    if (trimmed.some((c) => c !== '')) raw.push({ line, cells: trimmed });
    line += 1 + countLineBreaks(cells);
  }

  const first = raw[0];
  const hasHeader = options.hasHeader ?? (first !== undefined && raw.length > 1 && looksLikeHeader(first.cells));
  const width = Math.max(0, ...raw.map((r) => r.cells.length));
  const headerCells = hasHeader && first ? first.cells : [];
  const headers = Array.from({ length: width }, (_, i) => headerCells[i] || `Column ${i + 1}`);
  const rows = (hasHeader ? raw.slice(1) : raw).map((r) => ({
    line: r.line,
    cells: Array.from({ length: width }, (_, i) => r.cells[i] ?? ''),
  }));

  const errors = result.errors.filter((e) => e.code !== 'UndetectableDelimiter').map((e) => ({ line: lineOfRow[e.row ?? 0] ?? 1, message: e.message }));
  return { headers, rows, delimiter, hasHeader, hadBom, errors };
}

function looksLikeHeader(cells: string[]): boolean {
  return cells.some((c) => c !== '') && !cells.some((c) => PHONE_LIKE.test(c));
}

function countLineBreaks(cells: string[]): number {
  let n = 0;
  for (const c of cells) n += (c.match(/\r\n|\r|\n/g) ?? []).length;
  return n;
}
