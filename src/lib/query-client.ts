import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/**
 * Whether a failed read is worth one more try: a dropped connection or a 5xx may pass; a 4xx will
 * not (and 429 was already waited out by the client). A 504 is the Voice API not answering within
 * Switchboard's whole timeout: asking again at once doubles the wait before the screen can say so
 * (and a page of such reads queues its retries behind the browser's six connections), so the
 * screen says it at once and offers Try again.
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!isApiError(error)) return false;
  if (error.kind === 'http' && error.status === 504) return false;
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
