/** A campaign's recipients with their states and its funnel (the BFF keeps them; never in browser storage). */
import { queryOptions } from '@tanstack/react-query';
import type { CampaignOutcomeCounts, CampaignRecipients } from '@contract/bff/outcomes';
import { bffRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

export function campaignRecipientsQueryOptions(id: string) {
  return queryOptions({
    queryKey: campaignKeys.recipients(id),
    queryFn: () => bffRequest<CampaignRecipients>('GET', `/bff/campaigns/${encodeURIComponent(id)}/recipients`),
    // The states follow the index: read again while the page stays open.
    refetchInterval: 30_000,
  });
}

/** The campaigns list's outcome figures for a page of registry campaigns (one request). */
export function campaignOutcomesQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: campaignKeys.outcomes(ids),
    queryFn: () => bffRequest<CampaignOutcomeCounts[]>('GET', `/bff/outcomes/campaigns?${new URLSearchParams(ids.map((id) => ['id', id]))}`),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
}
