/**
 * The wizard's draft lives in the BFF (per user), never in browser storage: recipients are
 * personal data. A missing draft is a fresh start.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Draft, DraftState } from '@contract/bff/http';
import { bffRequest, isApiError } from '@/lib/api-client';
import { campaignKeys } from './keys';

export const NEW_CAMPAIGN_DRAFT = 'campaign-new';

export function draftQueryOptions(name: string) {
  return queryOptions({
    queryKey: campaignKeys.draft(name),
    // null when there is none yet: the BFF answers 200 null, not an error (nothing is logged).
    queryFn: () => bffRequest<DraftState>('GET', `/bff/drafts/${name}`),
    // The wizard owns the draft once loaded: a refetch must not overwrite what is being typed.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function saveDraft(name: string, data: unknown): Promise<Draft> {
  return bffRequest<Draft>('PUT', `/bff/drafts/${name}`, { data });
}

export async function deleteDraft(name: string): Promise<void> {
  try {
    await bffRequest<void>('DELETE', `/bff/drafts/${name}`);
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
}

/** Whether a wizard draft is in progress (a redial would replace it). */
export async function draftExists(name: string): Promise<boolean> {
  try {
    await bffRequest<Draft>('GET', `/bff/drafts/${name}`);
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}
