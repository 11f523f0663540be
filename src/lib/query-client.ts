import { QueryClient } from '@tanstack/react-query';

/** One QueryClient for the app. Reads retry a little; writes never retry silently. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
