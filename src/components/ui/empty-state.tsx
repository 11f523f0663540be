import { type ReactNode } from 'react';

/** What an empty list says, and what to do next. */
export function EmptyState({ title, description, action }: { title: string; description?: ReactNode; action?: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700"
    >
      <p className="text-base font-semibold">{title}</p>
      {description ? <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
