/**
 * TableImport for recipient lists: the recipient column roles, the header guess by country, and
 * the rows src/lib/recipients refused (impossible numbers; duplicates are only counted).
 */
import type { ReactNode } from 'react';
import { mappingProblems, type BuiltRecipients } from '@/lib/recipients';
import { importTable, withHeader, type RecipientsDraft } from '@/lib/recipients/import-draft';
import { RECIPIENT_COLUMNS } from './recipient-columns';
import { TableImport } from './table-import';

export interface RecipientsTableImportProps {
  draft: RecipientsDraft | null;
  built: BuiltRecipients | null;
  /** Numbers written without + are read in this country. */
  country: string;
  onChange: (draft: RecipientsDraft | null) => void;
  children?: ReactNode;
}

/** The refused rows a person can fix: all but duplicates. */
export function fixableRows(built: BuiltRecipients | null) {
  return built?.problems.filter((p) => p.kind !== 'duplicate').map((p) => ({ line: p.line, value: p.phone, reason: p.reason })) ?? [];
}

export function RecipientsTableImport({ draft, built, country, onChange, children }: RecipientsTableImportProps) {
  return (
    <TableImport
      draft={draft}
      onImport={(text, fileName) => onChange(importTable(text, fileName, country))}
      onChange={onChange}
      onHeaderChange={(hasHeader) => draft && onChange(withHeader(draft, hasHeader))}
      mapping={RECIPIENT_COLUMNS}
      mappingProblems={draft ? mappingProblems(draft) : []}
      problems={fixableRows(built)}
      fixColumn={draft?.roles.indexOf('phone') ?? -1}
    >
      {children}
    </TableImport>
  );
}
