/**
 * The calls table's columns and density: part of the user's preferences (the one preferences query,
 * `@/lib/time/display-zone`), which the bootstrap brings with the session, so the first paint of the
 * list already has them (no flash of the default table). Changed by `table-preferences-mutation.ts`.
 */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_CALLS_TABLE, type CallsTablePreferences } from '@contract/bff/preferences.plain';
import { preferencesQueryOptions } from '@/lib/time/display-zone';

/** The user's calls table (the defaults until known, or for a user who never chose). */
export function useCallsTablePreferences(): CallsTablePreferences {
  const { data } = useQuery(preferencesQueryOptions);
  return data?.callsTable ?? DEFAULT_CALLS_TABLE;
}
