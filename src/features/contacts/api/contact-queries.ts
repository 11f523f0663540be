/**
 * The contact page's reads: the BFF's contact (the call index, do-not-call, QA) and the upstream's
 * own newest calls of the number (its `phone` filter), so a call the index has not synced yet is
 * listed too. The do-not-call writes are the shared ones (src/lib/do-not-call).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Contact } from '@contract/bff/contacts';
import { contactPath } from '@contract/bff/contacts.plain';
import { QUERY_PARAM_NAMES } from '@contract/queries.plain';
import type { Call } from '@contract/schemas/call';
import type { PageOf } from '@contract/schemas/page';
import { apiRequest, bffRequest } from '@/lib/api-client';

/** The upstream's newest calls of the number read beside the index (one page). */
export const UPSTREAM_CALLS_PAGE = 50;

export const contactKeys = {
  all: ['contacts'] as const,
  detail: (phone: string) => ['contacts', 'detail', phone] as const,
  upstreamCalls: (phone: string) => ['contacts', 'upstream-calls', phone] as const,
};

export function contactQueryOptions(phone: string) {
  return queryOptions({
    queryKey: contactKeys.detail(phone),
    queryFn: () => bffRequest<Contact>('GET', contactPath(phone)),
  });
}

export function upstreamCallsQueryOptions(phone: string) {
  return queryOptions({
    queryKey: contactKeys.upstreamCalls(phone),
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({
        [QUERY_PARAM_NAMES.phone]: phone,
        [QUERY_PARAM_NAMES.size]: String(UPSTREAM_CALLS_PAGE),
        [QUERY_PARAM_NAMES.sort]: 'startTime,DESC',
      });
      return (await apiRequest<PageOf<Call>>('GET', '/v1/calls', { query, signal })).data;
    },
  });
}
