/**
 * Changing the calls table's columns and density (the column chooser's, loaded with it, apart from
 * the list's first load): shown at once, kept by the BFF one change at a time, and put back to what
 * the BFF keeps if it refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CallsTablePreferences } from '@contract/bff/preferences.plain';
import type { Preferences } from '@contract/bff/preferences';
import { bffRequest } from '@/lib/api-client';
import { preferencesKeys } from '@/lib/time/display-zone';
import { toast } from '@/components/ui/toast';

const CALLS_TABLE_MUTATION = ['preferences', 'callsTable'] as const;

/**
 * Keeps a new calls table for this user. The change is shown in the same event that made it: a
 * mutation's own `onMutate` would wait behind the changes still being sent (they run in one scope,
 * in order), and a checkbox or radio clicked meanwhile would spring back until they were answered.
 */
export function useSetCallsTablePreferences() {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    // One at a time, in the order made (the last choice is the one kept), and a change's answer
    // does not undo a later change already shown.
    mutationKey: CALLS_TABLE_MUTATION,
    scope: { id: 'calls-table-preferences' },
    mutationFn: (callsTable: CallsTablePreferences) => bffRequest<Preferences>('PUT', '/bff/preferences', { callsTable }),
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: preferencesKeys.all });
      toast.error('Your table settings could not be kept', 'The table is back as last kept. Try again in a moment.');
    },
    onSuccess: (prefs) => {
      if (queryClient.isMutating({ mutationKey: CALLS_TABLE_MUTATION }) <= 1) queryClient.setQueryData(preferencesKeys.all, prefs);
    },
  });
  return useCallback(
    (callsTable: CallsTablePreferences) => {
      void queryClient.cancelQueries({ queryKey: preferencesKeys.all });
      queryClient.setQueryData<Preferences>(preferencesKeys.all, (known) => ({ timeZone: known?.timeZone ?? null, ...known, callsTable }));
      mutate(callsTable);
    },
    [queryClient, mutate],
  );
}
