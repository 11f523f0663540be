/** Reads of the calls screens: fetchers beside their queryOptions. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PageOf } from '@contract/schemas/page';
import type { Call } from '@contract/schemas/call';
import { apiRequest } from '@/lib/api-client';
import { normaliseTranscript } from '../model/transcript-read';
import { listSearchOf, type CallsSearch } from '../model/search-params';
import { fetchCallsPage } from './calls-source';
import { callRead, transcriptRead } from './first-reads';
import { callKeys } from './keys';

/** A page of the list; `zone` is the display time zone its dates are days in. The selected call is no part of it. */
export const callsListQueryOptions = (search: CallsSearch, zone: string) => {
  const listSearch = listSearchOf(search);
  return queryOptions({
    queryKey: callKeys.list(listSearch, zone),
    queryFn: ({ signal }) => fetchCallsPage(listSearch, zone, signal),
    placeholderData: (previous) => previous,
  });
};

export const callQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Call>('GET', callRead(id).path, { signal }).then((r) => r.data),
  });

/** The call as a cached list page holds it (the list's items are whole calls, as GET /v1/calls/{id} answers). */
export function callFromLists(queryClient: QueryClient, id: string): Call | undefined {
  for (const [, page] of queryClient.getQueriesData<PageOf<Call>>({ queryKey: callKeys.lists() })) {
    const call = page?.content.find((c) => c.id === id);
    if (call) return call;
  }
  return undefined;
}

export const transcriptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKeys.transcript(id),
    // docs/api-assumptions.md: the array may come wrapped; normalise once, where it enters.
    queryFn: ({ signal }) => apiRequest<unknown>('GET', transcriptRead(id).path, { signal }).then((r) => normaliseTranscript(r.data)),
  });
