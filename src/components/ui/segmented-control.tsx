import { useId } from 'react';
import { cn } from '@/lib/cn';

export interface SegmentedOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A few mutually exclusive choices shown side by side: native radio buttons (arrow keys move,
 * one tab stop), light enough for a list's toolbar.
 */
export function SegmentedControl<V extends string>({
  label,
  value,
  options,
  onValueChange,
  className,
}: {
  label: string;
  value: V;
  options: readonly SegmentedOption<V>[];
  onValueChange: (value: V) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex items-center gap-2', className)}>
      <legend className="float-left mr-2 text-sm font-medium">{label}</legend>
      <div className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'relative cursor-pointer rounded px-3 py-1 text-sm select-none',
              'has-checked:bg-slate-900 has-checked:text-white dark:has-checked:bg-slate-100 dark:has-checked:text-slate-900',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-blue-600 dark:has-focus-visible:outline-blue-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onValueChange(o.value)}
              className="absolute inset-0 m-0 cursor-pointer appearance-none rounded opacity-0"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
