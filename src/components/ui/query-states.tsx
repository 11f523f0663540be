import { type ReactNode } from 'react';
import { ErrorState } from './error-state';

/** What QueryStates reads of a query (TanStack Query's result has it all). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A query's part of a page in its four states, said one way everywhere: `loading` (a placeholder
 * of the content's shape) while it loads, the error with its reason and Try again, `empty` (an
 * EmptyState) when `isEmpty` says there is nothing, else `children` with the data.
 */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  if (isEmpty?.(data)) return empty;
  return children(data);
}
