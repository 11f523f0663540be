import { Select as BaseSelect } from '@base-ui/react/select';
import { cn } from '@/lib/cn';
import { controlBase, popupSurface } from './styles';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectProps<V extends string> {
  value: V;
  onValueChange: (value: V) => void;
  options: readonly SelectOption<V>[];
  /** A visible label; inside a Field, leave it out (the Field labels the control). */
  label?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** When there is no visible label. */
  'aria-label'?: string;
}

/** A single-choice list. Use a sentinel value such as 'all' for "no filter". */
export function Select<V extends string>({ value, onValueChange, options, label, id, disabled, className, 'aria-label': ariaLabel }: SelectProps<V>) {
  return (
    <BaseSelect.Root
      id={id}
      items={options as SelectOption<V>[]}
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        if (next !== null) onValueChange(next as V);
      }}
    >
      {label ? <BaseSelect.Label className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</BaseSelect.Label> : null}
      <BaseSelect.Trigger aria-label={ariaLabel} className={cn(controlBase, 'flex min-w-36 items-center justify-between gap-2 text-left', className)}>
        <BaseSelect.Value />
        <BaseSelect.Icon aria-hidden className="text-slate-500 dark:text-slate-400">
          ▾
        </BaseSelect.Icon>
      </BaseSelect.Trigger>
      <BaseSelect.Portal>
        <BaseSelect.Positioner sideOffset={4} className="z-50 outline-none" alignItemWithTrigger={false}>
          <BaseSelect.Popup className={cn(popupSurface, 'min-w-[var(--anchor-width)] py-1')}>
            <BaseSelect.List className="max-h-[var(--available-height)] overflow-y-auto">
              {options.map((o) => (
                <BaseSelect.Item
                  key={o.value}
                  value={o.value}
                  className="grid cursor-default grid-cols-[1rem_1fr] items-center gap-2 px-2.5 py-1.5 text-sm outline-none select-none data-highlighted:bg-blue-700 data-highlighted:text-white dark:data-highlighted:bg-blue-500 dark:data-highlighted:text-slate-950"
                >
                  <BaseSelect.ItemIndicator className="col-start-1">✓</BaseSelect.ItemIndicator>
                  <BaseSelect.ItemText className="col-start-2">{o.label}</BaseSelect.ItemText>
                </BaseSelect.Item>
              ))}
            </BaseSelect.List>
          </BaseSelect.Popup>
        </BaseSelect.Positioner>
      </BaseSelect.Portal>
    </BaseSelect.Root>
  );
}
