import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

/** A failed request's message, read at once (an alert); nothing while there is no error. */
export function RequestError({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn('text-sm font-medium text-red-700 dark:text-red-400', className)}>
      {errorMessage(error)}
    </p>
  );
}
