/**
 * The one import of a table, shared by placing bulk calls, the campaign wizard and any other list
 * a person uploads: a file or pasted rows, then the header choice, the column roles and the rows
 * the caller's validator refused, each fixable or removable in place. The caller keeps the draft
 * (plain data) and validates it; this draws it and reports each edit.
 */
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { withCell, withoutLines, type TableDraft } from '@/lib/recipients/import-draft';
import { ColumnMapping, type ColumnMappingProps } from './column-mapping';
import { RowProblems, type RowProblem } from './row-problems';
import { TableSource } from './table-source';

const err = 'text-sm font-medium text-red-700 dark:text-red-400';

export interface TableImportProps<R extends string, D extends TableDraft<R>> {
  draft: D | null;
  /** Text read from a file or pasted: the caller parses it into a draft. */
  onImport: (text: string, fileName: string | null) => void;
  onChange: (draft: D | null) => void;
  /** The person says whether the first row is a header (the caller re-guesses the roles). */
  onHeaderChange: (hasHeader: boolean) => void;
  mapping: Pick<ColumnMappingProps<R>, 'options' | 'namedRole' | 'single'>;
  /** Why the roles cannot be applied yet, as sentences. */
  mappingProblems: readonly string[];
  /** The rows the caller's validator refused. */
  problems: readonly RowProblem[];
  /** The column a fix is written into (recipients: the phone column). */
  fixColumn: number;
  /** Between the columns and the refused rows: the caller's summary, limits, server errors. */
  children?: ReactNode;
}

/** Whether a table was read (else the import shows only where one comes from). */
export function hasTable<D extends TableDraft<string>>(draft: D | null): draft is D {
  return !!draft && (draft.rows.length > 0 || draft.headers.length > 0);
}

export function TableImport<R extends string, D extends TableDraft<R>>(props: TableImportProps<R, D>) {
  const { draft, onImport, onChange, onHeaderChange, mapping, mappingProblems, problems, fixColumn, children } = props;
  if (!hasTable(draft)) return <TableSource onText={onImport} />;
  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-sm">
          {draft.fileName ? `${draft.fileName}: ` : 'Pasted: '}
          {draft.rows.length.toLocaleString('en')} rows, separated by “{draft.delimiter === '\t' ? 'tab' : draft.delimiter}”,{' '}
          {draft.hasHeader ? 'with' : 'without'} a header.
        </p>
        <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
          Start over with another list
        </Button>
      </div>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input type="checkbox" checked={draft.hasHeader} onChange={(e) => onHeaderChange(e.target.checked)} /> The first row is a header
      </label>
      <ColumnMapping
        {...mapping}
        headers={draft.headers}
        sample={draft.rows[0]?.cells ?? []}
        roles={draft.roles}
        keys={draft.keys}
        onChange={(roles, keys) => onChange({ ...draft, roles, keys })}
      />
      {mappingProblems.map((m) => (
        <p key={m} className={err} role="alert">
          {m}
        </p>
      ))}
      {children}
      <RowProblems
        problems={problems}
        onFix={(line, value) => onChange(withCell(draft, line, fixColumn, value))}
        onRemove={(line) => onChange(withoutLines(draft, new Set([line])))}
      />
    </>
  );
}
