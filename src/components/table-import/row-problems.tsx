/**
 * Rows of an imported table that a validator refused, each with its reason, fixable in place. The
 * caller's validator decides (recipients: the phone normalises; do-not-call: the number does): this
 * shows `{ line, value, reason }` and hands back the corrected value or the removed line. Each fix
 * field is a react-hook-form field with its zod rule (a blank value is refused here, with the way
 * out); an edit is applied on Enter or when leaving the field, never per keystroke, so typing stays
 * instant with 1,000 rows loaded. The rows sit inside the caller's form: Enter applies the row's
 * fix, it does not submit that form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { countOf } from '@/lib/plural';

/** A refused row: its source line (header = 1), the value of the checked column, and why. */
export interface RowProblem {
  line: number;
  value: string;
  reason: string;
}

export const RowFix = z.object({ value: z.string().trim().min(1, { error: 'Type the corrected number, or remove the row.' }) });
type RowFix = z.input<typeof RowFix>;

function FixRow({ problem, onFix, onRemove }: { problem: RowProblem; onFix: (line: number, value: string) => void; onRemove: (line: number) => void }) {
  const {
    register,
    handleSubmit,
    getFieldState,
    formState: { errors },
  } = useForm<RowFix, unknown, z.output<typeof RowFix>>({ resolver: zodResolver(RowFix), defaultValues: { value: problem.value } });
  const id = `fix-line-${problem.line}`;
  // Nothing to apply while the value is the refused one (leaving the field untouched does nothing).
  const apply = () => (getFieldState('value').isDirty ? handleSubmit(({ value }) => onFix(problem.line, value))() : undefined);
  const error = errors.value?.message;
  return (
    <li className="flex flex-wrap items-center gap-2 border-b border-slate-200 py-2 dark:border-slate-700">
      <label htmlFor={id} className="w-20 text-sm font-medium">
        Line {problem.line}
      </label>
      <input
        id={id}
        {...register('value', { onBlur: () => void apply() })}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void apply();
          }
        }}
        aria-invalid="true"
        aria-describedby={error ? `${id}-error ${id}-reason` : `${id}-reason`}
        className="h-8 w-48 rounded-md border border-red-600 px-2 font-mono text-sm dark:bg-slate-900"
      />
      <Button size="sm" variant="ghost" onClick={() => onRemove(problem.line)} aria-label={`Remove line ${problem.line}`}>
        Remove
      </Button>
      {error ? (
        <span id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </span>
      ) : null}
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
