/** A running campaign's contact-caps guard: who is over a cap now, and the one-click watch with auto-pause. */
import { queryOptions } from '@tanstack/react-query';
import type { CapGuardResult, CapGuardStatus } from '@contract/bff/cap-guard';
import { bffRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

const path = (id: string) => `/bff/campaigns/${encodeURIComponent(id)}/cap-guard`;

export const capGuardQueryOptions = (campaignId: string) =>
  queryOptions({ queryKey: campaignKeys.capGuard(campaignId), queryFn: () => bffRequest<CapGuardStatus>('GET', path(campaignId)), staleTime: 30_000 });

export const createCapGuard = (campaignId: string) => bffRequest<CapGuardResult>('POST', path(campaignId));
