/**
 * The signed-in user's saved views of the calls list (/bff/views): the calls list applies and
 * saves them, the alerts feature watches them. One query, under the calls root the list's saves
 * invalidate.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SavedView } from '@contract/bff/http';
import { bffRequest } from '../api-client';
import { callsRoot } from './keys';

export const savedViewsKey = () => [...callsRoot, 'views'] as const;

export const savedViewsQueryOptions = () =>
  queryOptions({
    queryKey: savedViewsKey(),
    queryFn: () => bffRequest<SavedView[] | { views: SavedView[] }>('GET', '/bff/views').then((r) => (Array.isArray(r) ? r : (r?.views ?? []))),
    staleTime: 60_000,
  });
