import { type ReactNode } from 'react';
import { ErrorState } from './error-state';
import { PendingRegion } from './pending-region';

/** What QueryStates reads of a query (TanStack Query's result has it all). */
export interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
  /** The data shown is the previous key's, kept while this key is read (`placeholderData`). */
  isPlaceholderData?: boolean;
}

/**
 * A query's part of a page in its four states, said one way everywhere: `loading` (a placeholder
 * of the content's shape) while it first loads, the error with its reason and Try again, `empty` (an
 * EmptyState) when `isEmpty` says there is nothing, else `children` with the data. While another
 * key is read over kept data (`placeholderData`), the data stays on screen, marked busy, so the
 * control that has the focus (a pager, a sort header) is not removed by a placeholder.
 */
export function QueryStates<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
  pendingLabel = 'Loading',
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
  /** What the busy status says while another page is read over the one shown ("Loading alerts"). */
  pendingLabel?: string;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data as T;
  return (
    <PendingRegion pending={query.isPlaceholderData === true} label={pendingLabel} className="flex flex-col gap-3">
      {isEmpty?.(data) ? empty : children(data)}
    </PendingRegion>
  );
}
