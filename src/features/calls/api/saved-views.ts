/** The calls list's saved views, kept per user by the BFF (/bff/views). A view is a search. */
import { queryOptions } from '@tanstack/react-query';
import type { SavedView } from '@contract/bff/http';
import { bffRequest } from '@/lib/api-client';
import { callKeys } from './keys';

export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: callKeys.views(),
    queryFn: () => bffRequest<SavedView[] | { views: SavedView[] }>('GET', '/bff/views').then((r) => (Array.isArray(r) ? r : (r?.views ?? []))),
    staleTime: 60_000,
  });

export function saveView(name: string, search: Record<string, unknown>): Promise<SavedView> {
  return bffRequest<SavedView>('PUT', `/bff/views/${encodeURIComponent(name)}`, { search });
}

export function deleteView(name: string): Promise<void> {
  return bffRequest<void>('DELETE', `/bff/views/${encodeURIComponent(name)}`);
}
