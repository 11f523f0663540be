/**
 * Rows of an imported table that a validator refused, each with its reason, fixable in place. The
 * caller's validator decides (recipients: the phone normalises; do-not-call: the number does): this
 * shows `{ line, value, reason }` and hands back the corrected value or the removed line. An edit
 * is applied on Enter or when leaving the field, never per keystroke, so typing stays instant with
 * 1,000 rows loaded.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { countOf } from '@/lib/plural';

/** A refused row: its source line (header = 1), the value of the checked column, and why. */
export interface RowProblem {
  line: number;
  value: string;
  reason: string;
}

function FixRow({ problem, onFix, onRemove }: { problem: RowProblem; onFix: (line: number, value: string) => void; onRemove: (line: number) => void }) {
  const [value, setValue] = useState(problem.value);
  const id = `fix-line-${problem.line}`;
  const apply = () => {
    if (value !== problem.value) onFix(problem.line, value);
  };
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-slate-200 py-2 dark:border-slate-700">
      <label htmlFor={id} className="w-20 text-sm font-medium">
        Line {problem.line}
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
        aria-invalid="true"
        aria-describedby={`${id}-reason`}
        className="h-8 w-48 rounded-md border border-red-600 px-2 font-mono text-sm dark:bg-slate-900"
      />
      <Button size="sm" variant="ghost" onClick={() => onRemove(problem.line)} aria-label={`Remove line ${problem.line}`}>
        Remove
      </Button>
      <span id={`${id}-reason`} className="text-sm text-red-700 dark:text-red-400">
        {problem.reason}
      </span>
    </li>
  );
}

export function RowProblems({
  problems,
  onFix,
  onRemove,
}: {
  problems: readonly RowProblem[];
  onFix: (line: number, value: string) => void;
  onRemove: (line: number) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="bad-rows-title" className="mt-4" data-testid="row-problems">
      <h3 id="bad-rows-title" className="font-medium">
        {countOf(problems.length, 'row needs', 'rows need')} attention
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">Correct the number and press Enter, or remove the row. Rows left here are not called.</p>
      <ul className="mt-2 max-h-72 overflow-auto">
        {problems.map((p) => (
          <FixRow key={`${p.line}-${p.value}`} problem={p} onFix={onFix} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}
