/**
 * A do-not-call CSV (or pasted lines) → rows for the BFF, with the same parsing, mapping and
 * phone normalisation as the recipients import (src/lib/recipients): the phone column is found
 * the same way, a "reason" column is read when there is one, else the default reason. Rows whose
 * number cannot be read are reported by line and not sent; the BFF checks the rest again.
 */
import { DNC_IMPORT_MAX, type DncImportBody } from '@contract/bff/do-not-call';
import { guessMapping, normalisePhone, type CountryCode, type ParsedTable, type RowProblem } from '@/lib/recipients';

const REASON_HEADER = /^(reason|why|motif|raison|note)$/i;

export interface DncImportRows {
  rows: DncImportBody['rows'];
  problems: RowProblem[];
  total: number;
}

export function toImportRows(table: ParsedTable, defaultReason: string, country?: CountryCode): DncImportRows {
  const mapping = guessMapping(table, country);
  const phoneColumn = mapping.roles.indexOf('phone');
  const reasonColumn = table.hasHeader ? table.headers.findIndex((h) => REASON_HEADER.test(h.trim())) : -1;
  const rows: DncImportBody['rows'] = [];
  const problems: RowProblem[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
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
  return { rows, problems, total: table.rows.length };
}
