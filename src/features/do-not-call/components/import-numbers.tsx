/**
 * Import numbers from a CSV file or pasted lines through the one table import
 * (src/components/table-import): the same source, header choice, column roles (phone, reason,
 * ignore) and refused rows fixable in place as a recipients import. Rows that cannot be read are
 * listed by line before anything is sent; the BFF checks every row again and its refusals are
 * listed by line too. Nothing typed is lost until the person starts over. The reason for rows
 * without one is a react-hook-form field over the contract's DncReason.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DncReason, type DncImportResult } from '@contract/bff/do-not-call';
import { HoldingCampaigns } from '@/components/do-not-call/holding-campaigns';
import { TableImport } from '@/components/table-import/table-import';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RequestError } from '@/components/ui/request-error';
import { importDoNotCall, invalidateDoNotCall } from '@/lib/do-not-call/api';
import type { CountryCode } from '@/lib/recipients';
import { countOf } from '@/lib/plural';
import { DNC_COLUMNS, dncMappingProblems, importDncTable, rowsOfDraft, withDncHeader, type DncDraft } from '../model/import-rows';

const rowsWord = (n: number) => countOf(n, 'row');

export const ImportReason = z.object({ reason: z.string().trim().min(1, { error: 'Give a reason for rows that have none.' }).pipe(DncReason) });
type ImportReason = z.input<typeof ImportReason>;

export function ImportNumbers({ country }: { country: CountryCode }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DncDraft | null>(null);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ImportReason>({ resolver: zodResolver(ImportReason), defaultValues: { reason: 'Imported' }, mode: 'onChange' });
  const defaultReason = useWatch({ control, name: 'reason' });
  const mapped = draft !== null && dncMappingProblems(draft).length === 0;
  const built = useMemo(() => (draft && mapped ? rowsOfDraft(draft, defaultReason, country) : null), [draft, mapped, defaultReason, country]);
  const mutation = useMutation({
    mutationFn: importDoNotCall,
    onSuccess: () => invalidateDoNotCall(queryClient),
  });
  const result: DncImportResult | undefined = mutation.data;
  const change = (next: DncDraft | null) => {
    setDraft(next);
    mutation.reset();
  };

  return (
    <section aria-labelledby="dnc-import-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="dnc-import-title" className="font-semibold">
        Import numbers
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">A CSV file or pasted rows: a phone column, and a reason column if you have one.</p>
      <TableImport
        draft={draft}
        onImport={(text, fileName) => change(importDncTable(text, fileName, country))}
        onChange={change}
        onHeaderChange={(hasHeader) => draft && change(withDncHeader(draft, hasHeader, country))}
        mapping={DNC_COLUMNS}
        mappingProblems={draft ? dncMappingProblems(draft) : []}
        // Every row counted as a problem is listed, a repeated number too (with the line it repeats).
        problems={built?.problems.map((p) => ({ line: p.line, value: p.phone, reason: p.reason })) ?? []}
        fixColumn={draft?.roles.indexOf('phone') ?? -1}
      >
        <Field label="Reason for rows without one" error={errors.reason?.message}>
          <Input {...register('reason')} />
        </Field>
        {built ? (
          <>
            <p role="status" data-testid="dnc-import-summary">
              {rowsWord(built.rows.length)} ready · {rowsWord(built.problems.length)} with a problem, of {built.total.toLocaleString('en')}
            </p>
            <Button
              variant="primary"
              className="self-start"
              disabled={built.rows.length === 0 || mutation.isPending}
              onClick={(e) => void handleSubmit(() => mutation.mutate({ rows: built.rows }))(e)}
            >
              {mutation.isPending ? 'Importing…' : `Import ${rowsWord(built.rows.length)}`}
            </Button>
          </>
        ) : null}
        <RequestError error={mutation.error} />
        {result ? (
          <div role="status" className="flex flex-col gap-2 text-sm">
            <p>
              Imported: {result.added.toLocaleString('en')} added, {result.already.toLocaleString('en')} already on the list, {rowsWord(result.problems.length)}{' '}
              refused.
            </p>
            <ServerRefusals problems={result.problems} />
            <HoldingCampaigns campaigns={result.campaigns} subject="Numbers just added are" />
          </div>
        ) : null}
      </TableImport>
    </section>
  );
}

type Refusal = DncImportResult['problems'][number];

const REFUSAL_COLUMNS: Column<Refusal>[] = [
  { id: 'line', header: 'Line', align: 'right', cell: (p) => p.line },
  { id: 'phone', header: 'Phone', className: 'font-mono', cell: (p) => p.phone },
  { id: 'reason', header: 'Problem', cell: (p) => p.reason },
];

function ServerRefusals({ problems }: { problems: readonly Refusal[] }) {
  if (problems.length === 0) return null;
  return (
    <div className="max-w-3xl">
      <DataTable showCaption caption="Rows the server refused" columns={REFUSAL_COLUMNS} rows={problems} getRowId={(p) => `${p.line}-${p.phone}`} />
    </div>
  );
}
