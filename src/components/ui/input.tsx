import { Input as BaseInput } from '@base-ui/react/input';
import { type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlBase } from './styles';

export type InputProps = Omit<ComponentProps<typeof BaseInput>, 'className'> & { className?: string };

/** A text input; inside a Field it takes the field's label, description and error wiring. */
export function Input({ className, ...props }: InputProps) {
  return <BaseInput className={cn(controlBase, className)} {...props} />;
}
