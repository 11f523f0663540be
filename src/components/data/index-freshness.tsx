/**
 * "Indexed up to N s ago": how fresh the call index behind a screen is. Shown wherever rows or
 * figures come from the index; it counts on by itself (every 5 s) so it never reads stale.
 */
import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

const TICK_MS = 5_000;

/** "12 s", "3 min", "2 h", "4 d": the age of the index, short. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 90) return `${s} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 36 * 3600) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}

export function freshnessText(indexedAt: string | null | undefined, now: number): string {
  if (!indexedAt) return 'The call index is still being built: figures may be incomplete.';
  return `Indexed up to ${formatAge((now - Date.parse(indexedAt)) / 1000)} ago`;
}

export function IndexFreshness({ indexedAt, className }: { indexedAt: string | null | undefined; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={cn('text-sm text-slate-600 dark:text-slate-400', className)} data-testid="index-freshness">
      <time dateTime={indexedAt ?? undefined}>{freshnessText(indexedAt, now)}</time>
    </span>
  );
}
