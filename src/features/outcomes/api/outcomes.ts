/**
 * Outcome definitions: the writes (admins), each read again by prefix after a change. The list is
 * the shared query (src/lib/shared-queries/outcomes.ts): the calls list offers it as a filter too.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Outcome, OutcomeBody } from '@contract/bff/outcomes';
import { bffRequest } from '@/lib/api-client';
import { campaignsRoot, outcomesRoot } from '@/lib/shared-queries/keys';

export const addOutcome = (body: OutcomeBody) => bffRequest<Outcome>('POST', '/bff/outcomes', body);
export const removeOutcome = (id: number) => bffRequest<void>('DELETE', `/bff/outcomes/${id}`);

/** After a change: every read under the outcomes' root (the list, Insights' counts) and every campaign read (their funnels name the outcomes). */
export const invalidateOutcomes = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: outcomesRoot }), queryClient.invalidateQueries({ queryKey: campaignsRoot })]);
