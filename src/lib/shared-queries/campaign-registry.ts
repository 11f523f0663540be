/**
 * The campaigns created through the BFF (the upstream lists none): the campaigns list pages
 * through it, "Place call" offers its first page of the largest size. Creating a campaign
 * invalidates `campaignsRoot`, and so every page of this.
 */
import { queryOptions } from '@tanstack/react-query';
import type { RegistryPage } from '@contract/bff/http';
import { LIMITS } from '@contract/limits';
import { bffRequest } from '../api-client';
import { campaignsRoot } from './keys';

export const registryKey = (page: number, size: number) => [...campaignsRoot, 'registry', { page, size }] as const;

export const registryQueryOptions = (page: number, size: number) =>
  queryOptions({
    queryKey: registryKey(page, size),
    queryFn: () => bffRequest<RegistryPage>('GET', `/bff/campaigns?page=${page}&size=${size}`),
  });

/** The choices of a campaign to file calls under: the newest page of the largest size. */
export const campaignChoicesQueryOptions = () => registryQueryOptions(LIMITS.page.min, LIMITS.pageSize.max);
