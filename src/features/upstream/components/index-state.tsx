/**
 * The call index as the worker keeps it: its state, whether a worker syncs it now, what it covers,
 * its calls and transcripts, how long the pending transcripts take at the rate in use, and the last
 * failure, then its request rate (IndexRate). Read again every few seconds; a dead worker shows
 * here, not as figures going stale.
 */
import { useQuery } from '@tanstack/react-query';
import type { IndexStatus } from '@contract/bff/index';
import { IndexFreshness } from '@/components/data/index-freshness';
import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { ErrorState } from '@/components/ui/error-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { countOf } from '@/lib/plural';
import { indexStatusQueryOptions } from '../api/index-status';
import { IndexRate } from './index-rate';
import { pendingTime, stateView, workerWarning } from '../model/index-view';

const term = 'text-slate-600 dark:text-slate-400';

export function IndexState() {
  const status = useQuery(indexStatusQueryOptions());
  // The request rate below comes from the same read: one source for the page.
  return (
    <>
      <section aria-labelledby="index-title" className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
        <h2 id="index-title" className="font-semibold">
          The call index
        </h2>
        {status.isPending ? (
          <PageSkeleton label="Loading the call index's status" blocks={['h-24 w-full max-w-xl']} />
        ) : status.isError ? (
          <ErrorState title="The call index's status could not be loaded" error={status.error} onRetry={() => void status.refetch()} />
        ) : (
          <IndexFigures status={status.data} />
        )}
      </section>
      {status.data ? <IndexRate rate={status.data.rate} /> : null}
    </>
  );
}

function IndexFigures({ status }: { status: IndexStatus }) {
  const state = stateView(status);
  const warning = workerWarning(status);
  const time = pendingTime(status);
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={state.tone}>{state.label}</Badge>
        <span>{state.sentence}</span>
      </p>
      {warning ? (
        <p role="note" className="max-w-3xl rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
          {warning} (<code>node dist/node/worker.mjs</code>; <code>npm start</code> runs one.)
        </p>
      ) : null}
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className={term}>Freshness</dt>
        <dd>
          <IndexFreshness indexedAt={status.indexedAt} />
        </dd>
        <dt className={term}>Covers</dt>
        <dd>
          The last {countOf(status.backfill.windowDays, 'day')}, from {status.backfill.since} (UTC)
          {status.backfill.complete ? '' : ': the backfill has not reached it yet'}
        </dd>
        <dt className={term}>Calls</dt>
        <dd>{status.calls.toLocaleString('en')}</dd>
        <dt className={term}>Transcripts</dt>
        <dd>
          {status.transcripts.toLocaleString('en')} indexed, {status.transcriptsPending.toLocaleString('en')} still to fetch
          {time ? ` (${time}, newest first)` : ''}
        </dd>
        <dt className={term}>Counted</dt>
        <dd>{status.countedAt ? <DateTime value={status.countedAt} /> : 'Not yet'}</dd>
        {status.lastError ? (
          <>
            <dt className={term}>Last failure</dt>
            <dd>
              <DateTime value={status.lastError.at} />: {status.lastError.message}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
