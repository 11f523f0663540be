/**
 * Before launch (the wizard's review, the bulk screen): how many of these numbers the BFF will
 * leave out because they are on the do-not-call list, and why. The BFF leaves them out anyway;
 * this only says so before the person commits.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { dncCheckQueryOptions } from '@/lib/do-not-call/api';
import { groupReasons, skipSummary, skippedNumbers } from '@/lib/do-not-call/skip-summary';

const SHOWN = 10;

export function DncSkipNotice({ phones }: { phones: readonly string[] }) {
  const check = useQuery(dncCheckQueryOptions(phones));
  const groups = useMemo(() => groupReasons(check.data?.skipped ?? []), [check.data]);
  if (phones.length === 0) return null;
  if (check.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Checking the do-not-call list…
      </p>
    );
  }
  if (check.isError) return <ErrorState title="The do-not-call list could not be checked" error={check.error} onRetry={() => void check.refetch()} />;
  const skipped = check.data.skipped.length;
  if (skipped === 0) {
    return (
      <p role="status" className="text-sm" data-testid="dnc-notice">
        None of these numbers is on the do-not-call list.
      </p>
    );
  }
  return (
    <div role="status" data-testid="dnc-notice" className="rounded-md border border-amber-600 p-3 text-sm">
      <p className="font-medium">{skipSummary(skipped, phones.length)}</p>
      <ul className="mt-1 grid gap-1">
        {groups.map((g) => (
          <li key={g.reason}>
            <span>
              {skippedNumbers(g.count)}: {g.reason}
            </span>{' '}
            <span className="font-mono text-xs">
              ({g.phones.slice(0, SHOWN).join(', ')}
              {g.count > SHOWN ? `, and ${(g.count - SHOWN).toLocaleString('en')} more` : ''})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
