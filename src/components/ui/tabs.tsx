import { Tabs as BaseTabs } from '@base-ui/react/tabs';
import { type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { focusRing } from './styles';

/** Tabs: arrow keys move between tabs, Tab moves into the panel. Use `value` to keep it in the URL. */
export function Tabs({ className, ...props }: Omit<ComponentProps<typeof BaseTabs.Root>, 'className'> & { className?: string }) {
  return <BaseTabs.Root className={cn('flex flex-col gap-4', className)} {...props} />;
}

export function TabsList({ className, ...props }: Omit<ComponentProps<typeof BaseTabs.List>, 'className'> & { className?: string }) {
  return <BaseTabs.List className={cn('flex gap-1 border-b border-slate-200 dark:border-slate-800', className)} {...props} />;
}

export function Tab({ className, ...props }: Omit<ComponentProps<typeof BaseTabs.Tab>, 'className'> & { className?: string }) {
  return (
    <BaseTabs.Tab
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
        'data-active:border-blue-700 data-active:text-slate-900 dark:data-active:border-blue-400 dark:data-active:text-white',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

export function TabPanel({ className, ...props }: Omit<ComponentProps<typeof BaseTabs.Panel>, 'className'> & { className?: string }) {
  return <BaseTabs.Panel className={cn('outline-none', focusRing, className)} {...props} />;
}
