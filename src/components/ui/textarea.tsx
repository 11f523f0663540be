import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { controlSurface } from './styles';

export type TextareaProps = Omit<ComponentProps<'textarea'>, 'id'> & { label: ReactNode };

/** A multi-line text box with its label above it (linked by id); `rows` sets its height. */
export function Textarea({ label, className, ...props }: TextareaProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea id={id} className={cn(controlSurface, 'py-2', className)} {...props} />
    </div>
  );
}
