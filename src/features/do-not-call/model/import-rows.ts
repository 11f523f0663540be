/**
 * A do-not-call CSV (or pasted lines) as an imported table (`TableDraft`, the shape the one table
 * import draws and edits) → rows for the BFF, with the same parsing and phone normalisation as the
 * recipients import (src/lib/recipients): the phone column is guessed the same way, a "reason"
 * column is read when there is one, else the default reason; the person may change either role.
 * Rows whose number cannot be read are reported by line and not sent; the BFF checks the rest again.
 */
import { DNC_IMPORT_MAX, type DncImportBody } from '@contract/bff/do-not-call';
import { guessMapping, normalisePhone, parseTable, type CountryCode, type ParsedTable, type RowProblem } from '@/lib/recipients';
import { tableDraftOf, type TableDraft } from '@/lib/recipients/import-draft';

const REASON_HEADER = /^(reason|why|motif|raison|note)$/i;

export type DncColumnRole = 'phone' | 'reason' | 'ignore';
export type DncDraft = TableDraft<DncColumnRole>;

export const DNC_COLUMNS = {
  options: [
    { value: 'phone', label: 'Phone' },
    { value: 'reason', label: 'Reason' },
    { value: 'ignore', label: 'Ignore' },
  ],
  single: { role: 'phone', fallback: 'ignore' },
} as const satisfies { options: readonly { value: DncColumnRole; label: string }[]; single: { role: DncColumnRole; fallback: DncColumnRole } };

export interface DncImportRows {
  rows: DncImportBody['rows'];
  problems: RowProblem[];
  total: number;
}

function draftOf(table: Pick<ParsedTable, 'headers' | 'rows' | 'hasHeader' | 'delimiter'>, fileName: string | null, country?: CountryCode): DncDraft {
  const mapping = guessMapping({ ...table, hadBom: false, errors: [] }, country);
  let reasonSeen = false;
  const roles = table.headers.map((h, i): DncColumnRole => {
    if (mapping.roles[i] === 'phone') return 'phone';
    if (table.hasHeader && !reasonSeen && REASON_HEADER.test(h.trim())) return ((reasonSeen = true), 'reason');
    return 'ignore';
  });
  return tableDraftOf(
    table,
    fileName,
    roles,
    table.headers.map(() => ''),
  );
}

export function importDncTable(text: string, fileName: string | null, country?: CountryCode): DncDraft {
  return draftOf(parseTable(text), fileName, country);
}

/** The person says whether the first row is a header: the rows shift and the roles are guessed again. */
export function withDncHeader(draft: DncDraft, hasHeader: boolean, country?: CountryCode): DncDraft {
  if (hasHeader === draft.hasHeader) return draft;
  const table = hasHeader
    ? { headers: draft.rows[0]?.cells ?? [], rows: draft.rows.slice(1) }
    : { headers: draft.headers.map((_, i) => `Column ${i + 1}`), rows: [{ line: 1, cells: draft.headers }, ...draft.rows] };
  return draftOf({ ...table, hasHeader, delimiter: draft.delimiter }, draft.fileName, country);
}

/** Why the roles cannot be applied yet. */
export function dncMappingProblems(draft: DncDraft): string[] {
  return draft.roles.includes('phone') ? [] : ['Choose the column that holds the phone numbers (Use as: Phone).'];
}

export function rowsOfDraft(draft: DncDraft, defaultReason: string, country?: CountryCode): DncImportRows {
  const phoneColumn = draft.roles.indexOf('phone');
  const reasonColumn = draft.roles.indexOf('reason');
  const rows: DncImportBody['rows'] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const row of draft.rows) {
    // A number exported by Switchboard carries a leading quote (so a spreadsheet keeps it text).
    const typed = (phoneColumn >= 0 ? (row.cells[phoneColumn] ?? '') : '').replace(/^'/, '');
    const phone = normalisePhone(typed, country);
    if (!phone.ok) {
      problems.push({ line: row.line, kind: 'phone', phone: typed, reason: typed === '' ? 'No phone number.' : `"${typed}" ${phone.reason}.` });
      continue;
    }
    const earlier = seen.get(phone.e164);
    if (earlier !== undefined) {
      problems.push({ line: row.line, kind: 'duplicate', phone: typed, reason: `${phone.e164} is already on line ${earlier}.` });
      continue;
    }
    seen.set(phone.e164, row.line);
    if (rows.length >= DNC_IMPORT_MAX) {
      problems.push({ line: row.line, kind: 'limit', phone: typed, reason: `Past the limit of ${DNC_IMPORT_MAX.toLocaleString('en')} rows per import.` });
      continue;
    }
    const reason = (reasonColumn >= 0 ? row.cells[reasonColumn]?.trim() : '') || defaultReason.trim();
    rows.push({ line: row.line, phone: phone.e164, reason });
  }
  return { rows, problems, total: draft.rows.length };
}

export function toImportRows(table: ParsedTable, defaultReason: string, country?: CountryCode): DncImportRows {
  return rowsOfDraft(draftOf(table, null, country), defaultReason, country);
}
