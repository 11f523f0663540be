/**
 * The call index's status (GET /bff/index/status: one row the worker writes, never a count per
 * request), read again every INDEX_STATUS_REFRESH_MS while the page is open.
 */
import { queryOptions } from '@tanstack/react-query';
import { INDEX_ROUTES } from '@contract/bff/index.plain';
import type { IndexStatus } from '@contract/bff/index';
import { bffRequest } from '@/lib/api-client';

const INDEX_STATUS_REFRESH_MS = 5_000;

export function indexStatusQueryOptions() {
  return queryOptions({
    queryKey: ['index-status'] as const,
    queryFn: () => bffRequest<IndexStatus>('GET', INDEX_ROUTES.status),
    refetchInterval: INDEX_STATUS_REFRESH_MS,
  });
}
