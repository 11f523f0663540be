import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { controlSurface } from './styles';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & {
  label: ReactNode;
  /** The error to show under it (from the form's schema or the server); sets aria-invalid. */
  error?: string;
};

/** A multi-line text box with its label above it and its error under it (linked by id); `rows` sets its height. */
export function Textarea({ label, error, className, ...props }: TextareaProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(controlSurface, 'py-2', className)}
        {...props}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
