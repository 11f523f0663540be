import { type ReactNode } from 'react';
import { errorMessage, isApiError } from '@/lib/api-error';
import { Button } from './button';

/** A failed load: what went wrong in words a person can act on, and a way to try again. */
export function ErrorState({
  error,
  onRetry,
  title = 'This could not be loaded',
  message,
  action,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
  /** Said instead of the error's own message (a refused filter's field messages). */
  message?: string;
  /** Instead of Try again, where trying again cannot help. */
  action?: ReactNode;
}) {
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/40">
      <div>
        <p className="font-semibold text-red-900 dark:text-red-200">{title}</p>
        <p className="mt-1 text-sm text-red-900 dark:text-red-200">{message ?? errorMessage(error)}</p>
        {requestId ? <p className="mt-1 text-xs text-red-800 dark:text-red-300">Reference: {requestId}</p> : null}
      </div>
      {action ?? null}
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
