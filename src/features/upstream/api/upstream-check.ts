/**
 * The "Voice API" page's one read and one write: GET /bff/upstream-check (read again every
 * UPSTREAM_CHECK_LIMITS.refreshMs while a check is open) and POST (ask for a check; its 202 answer
 * replaces the read's data at once).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { UPSTREAM_CHECK_LIMITS, UPSTREAM_CHECK_ROUTES } from '@contract/bff/upstream-check.plain';
import type { UpstreamCheckAnswer } from '@contract/bff/upstream-check';
import { bffRequest } from '@/lib/api-client';
import { isOpen } from '../model/check-view';

export const upstreamKeys = {
  all: ['upstream-check'] as const,
  latest: ['upstream-check', 'latest'] as const,
};

export function upstreamCheckQueryOptions() {
  return queryOptions({
    queryKey: upstreamKeys.latest,
    queryFn: () => bffRequest<UpstreamCheckAnswer>('GET', UPSTREAM_CHECK_ROUTES.check),
    refetchInterval: (query) => (isOpen(query.state.data?.check ?? null) ? UPSTREAM_CHECK_LIMITS.refreshMs : false),
  });
}

export function useRequestCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => bffRequest<UpstreamCheckAnswer>('POST', UPSTREAM_CHECK_ROUTES.check),
    onSuccess: (answer) => queryClient.setQueryData(upstreamKeys.latest, answer),
  });
}
