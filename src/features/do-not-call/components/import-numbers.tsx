/**
 * Import numbers from a CSV file or pasted lines, parsed like recipients. Rows that cannot be read
 * are listed by line before anything is sent; the BFF checks every row again and its refusals are
 * listed by line too. Nothing typed is lost: the text stays until the person clears it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { DncImportResult } from '@contract/bff/do-not-call';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { importDoNotCall, invalidateDoNotCall } from '@/lib/do-not-call/api';
import { parseTable, type CountryCode } from '@/lib/recipients';
import { toImportRows } from '../model/import-rows';

const plural = new Intl.PluralRules('en');
const rowsWord = (n: number) => `${n.toLocaleString('en')} ${plural.select(n) === 'one' ? 'row' : 'rows'}`;

export function ImportNumbers({ country }: { country: CountryCode }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string>();
  const [defaultReason, setDefaultReason] = useState('Imported');
  const built = useMemo(() => (text.trim() ? toImportRows(parseTable(text), defaultReason, country) : null), [text, defaultReason, country]);
  const mutation = useMutation({
    mutationFn: importDoNotCall,
    onSuccess: () => invalidateDoNotCall(queryClient),
  });
  const result: DncImportResult | undefined = mutation.data;

  return (
    <section aria-labelledby="dnc-import-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="dnc-import-title" className="font-semibold">
        Import numbers
      </h2>
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="CSV file" description='A "phone" column, and a "reason" column if you have one.'>
          <Input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) {
                setText(await file.text());
                setFileName(file.name);
                mutation.reset();
              }
            }}
          />
        </Field>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="dnc-paste" className="text-sm font-medium">
            Or paste numbers
          </label>
          <textarea
            id="dnc-paste"
            value={fileName ? '' : text}
            onChange={(e) => {
              setText(e.target.value);
              setFileName(undefined);
              mutation.reset();
            }}
            rows={4}
            className="rounded-md border border-slate-300 bg-white p-2 font-mono text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
      </div>
      <Field label="Reason for rows without one" error={defaultReason.trim() ? undefined : 'Give a reason for rows that have none.'}>
        <Input value={defaultReason} onChange={(e) => setDefaultReason(e.target.value)} />
      </Field>
      {built ? (
        <>
          <p role="status" data-testid="dnc-import-summary">
            {rowsWord(built.rows.length)} ready · {rowsWord(built.problems.length)} with a problem, of {built.total.toLocaleString('en')}
          </p>
          <ProblemRows title="Rows that will not be imported" problems={built.problems} />
          <Button
            variant="primary"
            className="self-start"
            disabled={built.rows.length === 0 || !defaultReason.trim() || mutation.isPending}
            onClick={() => mutation.mutate({ rows: built.rows })}
          >
            {mutation.isPending ? 'Importing…' : `Import ${rowsWord(built.rows.length)}`}
          </Button>
        </>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {errorMessage(mutation.error)}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="flex flex-col gap-2 text-sm">
          <p>
            Imported: {result.added.toLocaleString('en')} added, {result.already.toLocaleString('en')} already on the list, {rowsWord(result.problems.length)}{' '}
            refused.
          </p>
          <ProblemRows title="Rows the server refused" problems={result.problems} />
        </div>
      ) : null}
    </section>
  );
}

function ProblemRows({ title, problems }: { title: string; problems: readonly { line: number; phone: string; reason: string }[] }) {
  if (problems.length === 0) return null;
  return (
    <table className="w-full max-w-3xl text-left text-sm">
      <caption className="text-left font-medium">{title}</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4">
            Line
          </th>
          <th scope="col" className="py-1 pr-4">
            Phone
          </th>
          <th scope="col" className="py-1">
            Problem
          </th>
        </tr>
      </thead>
      <tbody>
        {problems.map((p) => (
          <tr key={`${p.line}-${p.phone}`} className="border-t border-slate-200 dark:border-slate-800">
            <td className="py-1 pr-4 tabular-nums">{p.line}</td>
            <td className="py-1 pr-4 font-mono">{p.phone}</td>
            <td className="py-1">{p.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
