/**
 * Changing the calls table's columns and density (the column chooser's, loaded with it, apart from
 * the list's first load): shown at once, kept by the BFF, put back if it refuses.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallsTablePreferences } from '@contract/bff/preferences.plain';
import type { Preferences } from '@contract/bff/preferences';
import { bffRequest } from '@/lib/api-client';
import { preferencesKeys } from '@/lib/time/display-zone';
import { toast } from '@/components/ui/toast';

const CALLS_TABLE_MUTATION = ['preferences', 'callsTable'] as const;

/** Keeps a new calls table for this user: shown at once, put back if the BFF refuses it. */
export function useSetCallsTablePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    // One at a time, in the order made (the last choice is the one kept), and a change's answer
    // does not undo a later change already shown.
    mutationKey: CALLS_TABLE_MUTATION,
    scope: { id: 'calls-table-preferences' },
    mutationFn: (callsTable: CallsTablePreferences) => bffRequest<Preferences>('PUT', '/bff/preferences', { callsTable }),
    onMutate: async (callsTable) => {
      await queryClient.cancelQueries({ queryKey: preferencesKeys.all });
      const before = queryClient.getQueryData<Preferences>(preferencesKeys.all);
      queryClient.setQueryData<Preferences>(preferencesKeys.all, (known) => ({ timeZone: known?.timeZone ?? null, ...known, callsTable }));
      return { before };
    },
    onError: (_error, _table, context) => {
      if (context?.before) queryClient.setQueryData(preferencesKeys.all, context.before);
      toast.error('Your table settings could not be kept', 'The table is back as it was. Try again in a moment.');
    },
    onSuccess: (prefs) => {
      if (queryClient.isMutating({ mutationKey: CALLS_TABLE_MUTATION }) <= 1) queryClient.setQueryData(preferencesKeys.all, prefs);
    },
  });
}
