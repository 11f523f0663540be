import { Field as BaseField } from '@base-ui/react/field';
import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the control, linked with aria-describedby. */
  description?: ReactNode;
  /** The error to show (from the form's schema or the server); sets aria-invalid on the control. */
  error?: string;
  name?: string;
  disabled?: boolean;
  className?: string;
  /** The control: Input, Select, Switch, or another Base UI control. */
  children: ReactNode;
}

/**
 * A labelled form field. Base UI links the label, the description and the error to the control
 * (label for/id, aria-describedby) and marks the control aria-invalid while `error` is set.
 */
export function Field({ label, description, error, name, disabled, className, children }: FieldProps) {
  return (
    <BaseField.Root name={name} disabled={disabled} invalid={!!error} className={cn('flex flex-col gap-1.5', className)}>
      <BaseField.Label className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</BaseField.Label>
      {children}
      {description ? <BaseField.Description className="text-sm text-slate-600 dark:text-slate-400">{description}</BaseField.Description> : null}
      {error ? (
        <BaseField.Error match className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </BaseField.Error>
      ) : null}
    </BaseField.Root>
  );
}
