/**
 * The do-not-call list, the one query and the writes every screen shares (the list page, the call
 * review's one-click add, the wizard's and the bulk screen's "will be skipped" check). The BFF
 * enforces the list on every create whatever is sent; these only let people see it coming.
 */
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  DncAddBody,
  DncAddResult,
  DncCheckResult,
  DncHoldingCampaign,
  DncImportBody,
  DncImportResult,
  DncPage,
  DncQuery,
} from '@contract/bff/do-not-call';
import { bffRequest, bffWrite } from '../api-client';
import { campaignsRoot } from '../shared-queries/keys';

export const dncKeys = {
  all: ['do-not-call'] as const,
  list: (q: DncQuery) => ['do-not-call', 'list', q] as const,
  check: (phones: readonly string[]) => ['do-not-call', 'check', phones] as const,
  campaigns: ['do-not-call', 'campaigns'] as const,
};

/** Campaigns created through Switchboard that hold a listed number and may still call it. */
export function dncCampaignsQueryOptions() {
  return queryOptions({
    queryKey: dncKeys.campaigns,
    queryFn: () => bffRequest<DncHoldingCampaign[]>('GET', '/bff/do-not-call/campaigns'),
  });
}

/** Pauses a campaign through the BFF's one status write route (the campaign page's Pause too). */
export async function pauseCampaign(queryClient: QueryClient, id: string): Promise<void> {
  await bffWrite('changeCampaignStatus', { id, body: { status: 'PAUSED' } });
  await Promise.all([queryClient.invalidateQueries({ queryKey: dncKeys.campaigns }), queryClient.invalidateQueries({ queryKey: campaignsRoot })]);
}

export function dncListQueryOptions(q: DncQuery) {
  const params = new URLSearchParams();
  if (q.page) params.set('page', String(q.page));
  if (q.size) params.set('size', String(q.size));
  if (q.q) params.set('q', q.q);
  return queryOptions({
    queryKey: dncKeys.list(q),
    queryFn: () => bffRequest<DncPage>('GET', `/bff/do-not-call?${params.toString()}`),
    // Another page or search keeps this one on screen while it is read (the focus stays on the pager).
    placeholderData: keepPreviousData,
  });
}

/** Which of these numbers the BFF would leave out, by position, with the reason. */
export function dncCheckQueryOptions(phones: readonly string[]) {
  return queryOptions({
    queryKey: dncKeys.check(phones),
    queryFn: () => (phones.length === 0 ? Promise.resolve({ skipped: [] }) : bffRequest<DncCheckResult>('POST', '/bff/do-not-call/check', { phones })),
    staleTime: 10_000,
  });
}

export const addToDoNotCall = (body: DncAddBody) => bffRequest<DncAddResult>('POST', '/bff/do-not-call', body);
export const removeFromDoNotCall = (phone: string) => bffRequest<void>('DELETE', `/bff/do-not-call/${encodeURIComponent(phone)}`);
export const importDoNotCall = (body: DncImportBody) => bffRequest<DncImportResult>('POST', '/bff/do-not-call/import', body);
export const DNC_EXPORT_URL = '/bff/do-not-call/export.csv';

/** After any change: every list page and every check is read again. */
export const invalidateDoNotCall = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: dncKeys.all });
