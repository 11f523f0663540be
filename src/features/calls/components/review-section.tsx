/**
 * A section of the call review's side column that folds: a native <details> (open at first), its
 * heading the <summary>. Enter or Space on the summary folds and unfolds it; the browser keeps each
 * section's state while the page is on screen.
 */
import type { ReactNode } from 'react';

export function ReviewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group rounded-lg border border-slate-200 dark:border-slate-800">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg p-4 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-600 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="inline-block text-slate-500 transition-transform group-open:rotate-90 dark:text-slate-400">
          ▸
        </span>
        <h2 className="font-semibold">{title}</h2>
      </summary>
      <div className="px-4 pb-4">{children}</div>
    </details>
  );
}
