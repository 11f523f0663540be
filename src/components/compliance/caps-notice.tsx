/**
 * Before launch (the wizard's review, the bulk screen, the one-call form): how many of these
 * numbers the BFF will leave out for the contact-frequency caps, and why ("38 will be skipped:
 * called 7 times this week"), with the numbers as a CSV. The BFF leaves them out anyway; this only
 * says so before the person commits.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { capSkipSummary } from '@contract/bff/contact-caps';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { capsCheckQueryOptions } from '@/lib/compliance/api';
import { capsSkippedCsv } from '@/lib/compliance/caps-csv';
import { groupReasons, skippedNumbers } from '@/lib/do-not-call/skip-summary';

const SHOWN = 10;

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export function CapsSkipNotice({ phones, attemptsEach = 1 }: { phones: readonly string[]; attemptsEach?: number }) {
  const check = useQuery(capsCheckQueryOptions(phones, attemptsEach));
  const groups = useMemo(() => groupReasons(check.data?.skipped ?? []), [check.data]);
  if (phones.length === 0) return null;
  if (check.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        Checking the contact caps…
      </p>
    );
  }
  if (check.isError) return <ErrorState title="The contact caps could not be checked" error={check.error} onRetry={() => void check.refetch()} />;
  const { skipped, caps } = check.data;
  if (skipped.length === 0) {
    return (
      <p role="status" className="text-sm" data-testid="caps-notice">
        {caps.attempts === null && caps.quietDays === 0
          ? 'No contact caps are set'
          : phones.length === 1
            ? 'This number is not over the contact caps'
            : 'None of these numbers is over the contact caps'}{' '}
        (
        <Link to="/compliance" className="underline">
          contact caps
        </Link>
        ).
      </p>
    );
  }
  return (
    <div role="status" data-testid="caps-notice" className="rounded-md border border-amber-600 p-3 text-sm">
      <p className="font-medium">{capSkipSummary(skipped.length, phones.length)}</p>
      <ul className="mt-1 grid gap-1">
        {groups.map((g) => (
          <li key={g.reason}>
            <span>
              {skippedNumbers(g.count)} will be skipped: {g.reason.charAt(0).toLowerCase() + g.reason.slice(1)}
            </span>{' '}
            <span className="font-mono text-xs">
              ({g.phones.slice(0, SHOWN).join(', ')}
              {g.count > SHOWN ? `, and ${(g.count - SHOWN).toLocaleString('en')} more` : ''})
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-1">
        The caps are set on{' '}
        <Link to="/compliance" className="underline">
          Compliance
        </Link>
        .
      </p>
      <Button size="sm" className="mt-2" onClick={() => download(capsSkippedCsv(skipped), 'over-the-contact-caps.csv')}>
        Download these numbers (CSV)
      </Button>
    </div>
  );
}
