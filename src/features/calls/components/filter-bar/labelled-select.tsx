import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';

export interface Option {
  value: string;
  label: string;
}

/** The choices of a yes/no filter. */
export const TRI: Option[] = [
  { value: 'any', label: 'Any' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A chosen id not in the list (removed since) stays, by its number. */
export function withChosen(options: Option[], chosen: string | undefined, noun: string) {
  return chosen && !options.some((o) => o.value === chosen) ? [...options, { value: chosen, label: `${noun} #${chosen}` }] : options;
}

export function LabelledSelect({
  id,
  label,
  error,
  className,
  options,
  ...props
}: { id: string; label: string; error?: string; options: Option[] } & Omit<ComponentProps<'select'>, 'id' | 'value' | 'defaultValue'>) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Select id={id} {...props} options={options} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
