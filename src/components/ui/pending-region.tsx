import { type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Content that stays on screen while its next version is read (another page, sort or filter): it is
 * marked busy and dimmed, a thin bar runs above it and a status says it is loading, but nothing in
 * it is removed, so the control that has the focus keeps it (a skeleton in its place would drop the
 * focus to the page body). Pair with a query's `placeholderData: keepPreviousData`.
 */
export function PendingRegion({ pending, label, children, className }: { pending: boolean; label: string; children: ReactNode; className?: string }) {
  return (
    <div aria-busy={pending || undefined} className="relative">
      {pending ? (
        <>
          <span role="status" className="sr-only">
            {label}…
          </span>
          <span
            aria-hidden="true"
            className="absolute inset-x-0 -top-1.5 block h-0.5 animate-pulse rounded bg-blue-600 motion-reduce:animate-none dark:bg-blue-400"
          />
        </>
      ) : null}
      <div className={cn('transition-opacity', pending && 'opacity-60', className)}>{children}</div>
    </div>
  );
}
