import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Whether a failed read is worth one more try: a dropped connection or a 5xx may pass; a 4xx will
 * not (and 429 was already waited out by the client).
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  return error.kind === 'network' || error.kind === 'timeout' || error.status >= 500;
}

/** One QueryClient for the app. Reads retry once when it may help; writes never retry silently. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetryRead, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
