/**
 * /voice-api (admins): the connection check of the upstream Voice API, as `npm run doctor` prints
 * it, asked for here and run by the worker (ADR 0056); read again every 2 s while a check is open.
 * The verdict is said in a live region; the problems come first, then what each part of the check
 * found; below, the call index as the worker keeps it (state, worker, coverage, transcripts still to
 * fetch and how long they take) and its request rate in use and the last limit it hit.
 */
import { useQuery } from '@tanstack/react-query';
import { WritePage } from '@/components/auth/can';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import type { UpstreamCheck, UpstreamCheckAnswer } from '@contract/bff/upstream-check';
import { upstreamCheckQueryOptions, useRequestCheck } from '../api/upstream-check';
import { runDisabledReason, stageOf, verdict } from '../model/check-view';
import { IndexState } from './index-state';
import { ReportSections } from './report-sections';
import { PageTitle } from '@/components/layout/page-title';

export function VoiceApiPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle title="Voice API" />
        <h1 className="text-xl font-semibold">Voice API</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          The connection check of the upstream Voice API Switchboard is pointed at, the same as <code>npm run doctor</code>: the keys, one page of agents and of
          calls, a transcript, a recording, the rate-limit headers, the clock and the latency. It only reads; the worker runs it.
        </p>
      </div>
      <WritePage permission="upstream:check" action="check the connection to the Voice API">
        <CheckPanel />
      </WritePage>
    </div>
  );
}

function CheckPanel() {
  const latest = useQuery(upstreamCheckQueryOptions());
  if (latest.isPending) return <PageSkeleton label="Loading the last check" blocks={['h-10 w-full max-w-xl', 'h-64 w-full']} />;
  if (latest.isError) return <ErrorState title="The last check could not be loaded" error={latest.error} onRetry={() => void latest.refetch()} />;
  return (
    <>
      <CheckSection answer={latest.data} />
      <IndexState />
    </>
  );
}

function CheckSection({ answer }: { answer: UpstreamCheckAnswer }) {
  const run = useRequestCheck();
  const { check } = answer;
  const disabledReason = runDisabledReason(answer);
  return (
    <section aria-labelledby="check-title" className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="check-title" className="font-semibold">
            Connection check
          </h2>
          <LastChecked check={check} />
        </div>
        <div className="flex flex-col items-end gap-1">
          <Button variant="primary" onClick={() => run.mutate()} disabled={disabledReason !== null || run.isPending} aria-describedby="run-reason">
            {run.isPending ? 'Asking…' : 'Run the check'}
          </Button>
          <p id="run-reason" className="max-w-xs text-right text-xs text-slate-600 dark:text-slate-400">
            {disabledReason ?? 'Reads the Voice API with both keys; writes nothing.'}
          </p>
        </div>
      </div>
      {run.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          The check could not be asked for: {errorMessage(run.error)}
        </p>
      ) : null}
      {!answer.worker.running ? (
        <p role="note" className="max-w-3xl rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:bg-amber-950/50 dark:text-amber-100">
          No worker is running: a check asked for waits until one starts (<code>node dist/node/worker.mjs</code>; <code>npm start</code> runs one).
        </p>
      ) : null}
      <Verdict check={check} />
      {check === null ? (
        <EmptyState title="Never checked yet" description="Run the check to see whether the Voice API answers as Switchboard expects." />
      ) : check.report ? (
        <ReportSections report={check.report} />
      ) : null}
    </section>
  );
}

function LastChecked({ check }: { check: UpstreamCheck | null }) {
  if (!check) return <p className="text-sm text-slate-600 dark:text-slate-400">Not checked yet.</p>;
  const by = check.requestedBy ?? 'someone';
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {check.finishedAt ? (
        <>
          Last checked <DateTime value={check.finishedAt} />, asked for by {by}.
        </>
      ) : (
        <>
          Asked for <DateTime value={check.requestedAt} /> by {by}.
        </>
      )}
    </p>
  );
}

/** Where the check stands, in a live region: a screen reader hears the verdict when it comes. */
function Verdict({ check }: { check: UpstreamCheck | null }) {
  const stage = stageOf(check);
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm" data-stage={stage}>
      {stage === 'waiting' ? <Badge>Waiting for the worker…</Badge> : null}
      {stage === 'running' ? <Badge tone="blue">Checking the Voice API…</Badge> : null}
      {stage === 'done' && check?.report ? (
        <>
          <span className="sr-only">Verdict: </span>
          <Badge tone={check.report.ok ? 'green' : 'red'}>{verdict(check.report)}</Badge>
          <span className="text-slate-600 dark:text-slate-400">{check.report.upstream}</span>
        </>
      ) : null}
      {stage === 'failed' ? (
        <>
          <Badge tone="red">The check did not finish</Badge>
          <span>{check?.error}</span>
        </>
      ) : null}
    </div>
  );
}
