/**
 * A native <select> styled like the other controls. The list screen uses it for short fixed
 * choices (rows per page, country) because the Base UI select weighs ~20 KB gzip in the list's
 * initial load, and the native one is as accessible.
 */
import { type SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlBase } from '@/components/ui/styles';

export function NativeSelect({
  options,
  className,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <select className={cn(controlBase, 'pr-8', className)} {...props}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
