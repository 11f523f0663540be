import { cn } from '@/lib/cn';

/** A placeholder block while content loads (hidden from assistive tech; pair with a status). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800', className)} />;
}

/** A table-shaped placeholder, announced once as loading. */
export function TableSkeleton({ rows = 8, columns = 5, label = 'Loading' }: { rows?: number; columns?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="rounded-lg border border-slate-200 dark:border-slate-800">
      <span className="sr-only">{label}…</span>
      <div className="flex gap-4 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        {Array.from({ length: columns }, (_, c) => (
          <Skeleton key={c} className="h-4 flex-1" />
        ))}
      </div>
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-4 px-4 py-3">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A page's placeholder while its route loads, announced once as loading: one block per class list. */
export function PageSkeleton({ label, blocks = ['h-64 w-full max-w-2xl'] }: { label: string; blocks?: string[] }) {
  return (
    <div role="status" className="flex flex-col gap-4">
      <span className="sr-only">{label}…</span>
      {blocks.map((block, i) => (
        <Skeleton key={i} className={block} />
      ))}
    </div>
  );
}
