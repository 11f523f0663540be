import { Field as BaseField } from '@base-ui/react/field';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { cn } from '@/lib/cn';
import { FieldControlContext } from './field-context';

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
  // A native control (Select) names itself here; Base UI's controls are wired by Base UI.
  const [controlId, setControlId] = useState<string | null>(null);
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const control = useMemo(() => ({ setControlId, describedBy, invalid: !!error }), [describedBy, error]);
  return (
    <BaseField.Root name={name} disabled={disabled} invalid={!!error} className={cn('flex flex-col gap-1.5', className)}>
      <BaseField.Label {...(controlId ? { htmlFor: controlId } : {})} className="text-sm font-medium text-slate-900 dark:text-slate-100">
        {label}
      </BaseField.Label>
      <FieldControlContext value={control}>{children}</FieldControlContext>
      {description ? (
        <BaseField.Description id={descriptionId} className="text-sm text-slate-600 dark:text-slate-400">
          {description}
        </BaseField.Description>
      ) : null}
      {error ? (
        <BaseField.Error id={errorId} match className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </BaseField.Error>
      ) : null}
    </BaseField.Root>
  );
}

const NOTICE_TONES = {
  info: 'bg-blue-50 text-blue-950 dark:bg-blue-950/50 dark:text-blue-100',
  warning: 'bg-amber-50 text-amber-950 dark:bg-amber-950/50 dark:text-amber-100',
  error: 'bg-red-50 font-medium text-red-900 dark:bg-red-950/50 dark:text-red-100',
} as const;

/**
 * A message about the whole form, above its fields: an error is an alert (read at once), the other
 * tones a status. Renders nothing without children, so `{formError}` can be passed as it is.
 */
export function FormNotice({ tone, children }: { tone: keyof typeof NOTICE_TONES; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md p-3 text-sm', NOTICE_TONES[tone])}>
      {children}
    </p>
  );
}
