import { Combobox as BaseCombobox } from '@base-ui/react/combobox';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import { controlBase, popupSurface } from './styles';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (an id, a type) shown under the label. */
  hint?: string;
  disabled?: boolean;
}

export interface ComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  /** The selected option's value, or null. */
  value: string | null;
  onValueChange: (value: string | null) => void;
  placeholder?: string;
  emptyText?: string;
  disabled?: boolean;
  /** Shows the label only to assistive tech. */
  hideLabel?: boolean;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
}

/** A searchable single choice: type to filter, arrows to move, Enter to pick, Escape to close. */
export function Combobox({
  label,
  options,
  value,
  onValueChange,
  placeholder,
  emptyText = 'Nothing matches.',
  disabled,
  hideLabel,
  id,
  className,
  ...aria
}: ComboboxProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const selected = options.find((o) => o.value === value) ?? null;
  return (
    <BaseCombobox.Root
      items={options as ComboboxOption[]}
      value={selected}
      onValueChange={(next) => onValueChange((next as ComboboxOption | null)?.value ?? null)}
      itemToStringLabel={(o: ComboboxOption) => o.label}
      isItemEqualToValue={(a: ComboboxOption, b: ComboboxOption) => a.value === b.value}
      disabled={disabled}
    >
      <div className={cn('flex flex-col gap-1.5', className)}>
        <label htmlFor={inputId} className={cn('text-sm font-medium', hideLabel && 'sr-only')}>
          {label}
        </label>
        <BaseCombobox.InputGroup className="relative">
          <BaseCombobox.Input id={inputId} placeholder={placeholder} className={cn(controlBase, 'pr-9')} {...aria} />
          <BaseCombobox.Trigger
            aria-label={`Show ${label} options`}
            className="absolute inset-y-0 right-0 flex w-8 items-center justify-center text-slate-500 dark:text-slate-400"
          >
            ▾
          </BaseCombobox.Trigger>
        </BaseCombobox.InputGroup>
      </div>
      <BaseCombobox.Portal>
        <BaseCombobox.Positioner sideOffset={4} className="z-50 outline-none">
          <BaseCombobox.Popup className={cn(popupSurface, 'w-[var(--anchor-width)] max-w-[var(--available-width)] py-1')}>
            <BaseCombobox.Empty className="px-3 py-2 text-sm text-slate-600 empty:hidden dark:text-slate-400">{emptyText}</BaseCombobox.Empty>
            <BaseCombobox.List className="max-h-[min(22rem,var(--available-height))] overflow-y-auto overscroll-contain">
              {(o: ComboboxOption) => (
                <BaseCombobox.Item
                  key={o.value}
                  value={o}
                  disabled={o.disabled}
                  className="grid cursor-default grid-cols-[1rem_1fr] items-center gap-2 px-2.5 py-1.5 text-sm outline-none select-none data-disabled:opacity-50 data-highlighted:bg-blue-700 data-highlighted:text-white dark:data-highlighted:bg-blue-500 dark:data-highlighted:text-slate-950"
                >
                  <BaseCombobox.ItemIndicator className="col-start-1">✓</BaseCombobox.ItemIndicator>
                  <span className="col-start-2 flex flex-col">
                    <span>{o.label}</span>
                    {o.hint ? <span className="text-xs opacity-80">{o.hint}</span> : null}
                  </span>
                </BaseCombobox.Item>
              )}
            </BaseCombobox.List>
          </BaseCombobox.Popup>
        </BaseCombobox.Positioner>
      </BaseCombobox.Portal>
    </BaseCombobox.Root>
  );
}
