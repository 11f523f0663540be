/** Query keys of the calls feature: one hierarchy, so a mutation invalidates by prefix. */
import type { CallsSearch } from '../model/search-params';

export const callKeys = {
  all: ['calls'] as const,
  lists: () => [...callKeys.all, 'list'] as const,
  list: (search: CallsSearch, zone: string) => [...callKeys.lists(), search, zone] as const,
  details: () => [...callKeys.all, 'detail'] as const,
  detail: (id: string) => [...callKeys.details(), id] as const,
  transcript: (id: string) => [...callKeys.detail(id), 'transcript'] as const,
  views: () => [...callKeys.all, 'views'] as const,
};
