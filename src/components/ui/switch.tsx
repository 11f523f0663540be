import { Switch as BaseSwitch } from '@base-ui/react/switch';
import { type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { focusRing } from './styles';

export type SwitchProps = Omit<ComponentProps<typeof BaseSwitch.Root>, 'className' | 'children'> & { className?: string };

/** An on/off switch (role="switch"); label it with a Field or aria-label. */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <BaseSwitch.Root
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-slate-400 bg-slate-200 p-0.5 transition-colors',
        'data-checked:border-blue-700 data-checked:bg-blue-700 dark:border-slate-500 dark:bg-slate-700 dark:data-checked:border-blue-400 dark:data-checked:bg-blue-500',
        'data-disabled:cursor-not-allowed data-disabled:opacity-60',
        focusRing,
        className,
      )}
      {...props}
    >
      <BaseSwitch.Thumb className="block size-4.5 rounded-full bg-white shadow transition-transform data-checked:translate-x-5" />
    </BaseSwitch.Root>
  );
}
