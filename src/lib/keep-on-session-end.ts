/**
 * What a form holds when the session ends mid-work, kept in memory (never in browser storage)
 * across the trip to the sign-in page, and given back to the same user's same form afterwards.
 * Sign-out forgets it all.
 */
import { useEffect, useState } from 'react';

const savers = new Set<() => void>();
const kept = new Map<string, { user: string; value: unknown }>();

/** Called by the data layer just before it sends the user to sign in again. */
export function keepBeforeSessionEnds(): void {
  for (const save of savers) save();
}

export function forgetKept(): void {
  kept.clear();
}

/**
 * Registers `read` to be kept under `key` if the session ends while the form is shown; returns
 * what was kept for this user and key last time (once), or undefined.
 */
export function useKeepOnSessionEnd<T>(key: string, user: string, read: () => T): T | undefined {
  const [restored] = useState(() => {
    const entry = kept.get(key);
    if (!entry || entry.user !== user) return undefined;
    kept.delete(key);
    return entry.value as T;
  });
  useEffect(() => {
    const save = () => kept.set(key, { user, value: read() });
    savers.add(save);
    return () => {
      savers.delete(save);
    };
  }, [key, user, read]);
  return restored;
}
