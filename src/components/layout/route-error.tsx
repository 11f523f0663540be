import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isApiError } from '@/lib/api-error';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from './page-title';

/** A route that failed to load or render: what happened, and Try again (reloads its data). */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  // Lets suspense queries refetch instead of re-throwing the cached error when retried.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const title =
    isApiError(error) && error.status === 404 ? 'Not found' : isApiError(error) && error.status === 403 ? 'Not allowed' : 'This page could not be loaded';
  return (
    <div className="py-6">
      <PageTitle title={title} />
      <ErrorState
        title={title}
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </div>
  );
}
