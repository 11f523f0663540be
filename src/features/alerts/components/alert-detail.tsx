/**
 * /alerts/:id: what was seen, the campaigns it is about (with what the route composes in for each,
 * such as pausing it now), the auto-pause, and every webhook delivery with each attempt.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { AlertCampaign, AlertDetail as AlertDetailType } from '@contract/bff/alerts';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { alertDetailQueryOptions } from '../api/alerts';
import { PauseBadge } from './pause-badge';
import { DateTime } from '@/components/ui/date-time';
import { PageTitle } from '@/components/layout/page-title';

const when = (iso: string | null) => (iso ? <DateTime value={iso} /> : '—');

type Attempt = AlertDetailType['deliveryList'][number]['attempts'][number] & { n: number };

const ATTEMPT_COLUMNS: Column<Attempt>[] = [
  { id: 'n', header: 'Attempt', align: 'right', cell: (t) => t.n },
  { id: 'at', header: 'At', cell: (t) => when(t.at) },
  { id: 'answer', header: 'Answer', cell: (t) => `${t.status !== null ? `HTTP ${t.status}` : ''} ${t.error ?? ''}` },
  { id: 'ms', header: 'Time', align: 'right', cell: (t) => `${t.ms} ms` },
];

export function AlertDetail({ alertId, campaignActions }: { alertId: number; campaignActions?: (campaign: AlertCampaign) => ReactNode }) {
  const detail = useQuery(alertDetailQueryOptions(alertId));
  if (detail.isPending) return <PageSkeleton label="Loading the alert" blocks={['h-48 w-full max-w-3xl']} />;
  if (detail.isError) return <ErrorState title="The alert could not be loaded" error={detail.error} onRetry={() => void detail.refetch()} />;
  const a = detail.data;
  return (
    <article aria-labelledby="alert-title" className="flex max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <PageTitle title={`Alert: ${a.ruleName}`} />
        <h1 id="alert-title" className="text-xl font-semibold">
          {a.ruleName} {a.clearedAt ? <Badge>Cleared</Badge> : <Badge tone="red">Open</Badge>}
        </h1>
        <p>{a.summary}</p>
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600 dark:text-slate-400">Watched view</dt>
          <dd>{a.viewName}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Opened</dt>
          <dd>{when(a.openedAt)}</dd>
          <dt className="text-slate-600 dark:text-slate-400">Cleared</dt>
          <dd>{when(a.clearedAt)}</dd>
        </dl>
      </header>
      {a.campaigns.length > 0 ? (
        <section aria-labelledby="campaigns-title" className="flex flex-col gap-2">
          <h2 id="campaigns-title" className="font-semibold">
            {a.campaigns.length === 1 ? 'Campaign' : 'Campaigns'}
          </h2>
          <ul className="flex flex-col gap-3">
            {a.campaigns.map((c) => (
              <li key={c.id} className="flex flex-col gap-1" data-testid="alert-campaign">
                <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} className="text-blue-800 hover:underline dark:text-blue-300">
                  {c.name}
                </Link>
                {c.matchedBy === 'name' ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {c.sameName > 1
                      ? `Matched by the view's campaign name, which ${c.sameName} campaigns created here share: the Voice API's calls carry a campaign's name, not its id, so this alert cannot say which of them its calls belong to. Check the campaign before pausing it.`
                      : "Matched by the view's campaign name (the Voice API's calls carry a campaign's name, not its id)."}
                  </p>
                ) : null}
                {campaignActions?.(c)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="pause-title" className="flex flex-col gap-2">
        <h2 id="pause-title" className="font-semibold">
          Auto-pause
        </h2>
        {a.pause.state === 'none' ? (
          <p className="text-sm">This rule does not pause a campaign.</p>
        ) : (
          <div className="flex flex-col gap-1 text-sm" data-testid="alert-pause">
            <PauseBadge pause={a.pause} />
            <p>
              Campaign {a.pause.campaignName ?? a.pause.campaignId}; auto-pause set by {a.pause.setBy ?? 'unknown'}; {a.pause.attempts}{' '}
              {a.pause.attempts === 1 ? 'attempt' : 'attempts'}
              {a.pause.doneAt ? <>; paused {when(a.pause.doneAt)}</> : null}
              {a.pause.nextAttemptAt ? <>; next attempt {when(a.pause.nextAttemptAt)}</> : null}.
            </p>
            {a.pause.state === 'done' && a.pause.lastError ? <p>Earlier attempts failed: {a.pause.lastError}</p> : null}
          </div>
        )}
      </section>
      <section aria-labelledby="deliveries-title" className="flex flex-col gap-2">
        <h2 id="deliveries-title" className="font-semibold">
          Webhook deliveries
        </h2>
        {a.deliveryList.length === 0 ? (
          <EmptyState title="No webhook" description="This rule sends no webhook; the alert shows in the console only." />
        ) : (
          a.deliveryList.map((d) => (
            <DataTable
              key={d.id}
              showCaption
              caption={
                <>
                  <span className="font-medium">
                    {d.event === 'opened' ? 'Alert opened' : 'Alert cleared'} → {d.url ?? d.host}
                  </span>{' '}
                  <Badge tone={d.state === 'delivered' ? 'green' : d.state === 'failed' ? 'red' : 'amber'}>{d.state}</Badge>
                  {d.nextAttemptAt ? <span className="ml-2">next attempt {when(d.nextAttemptAt)}</span> : null}
                </>
              }
              columns={ATTEMPT_COLUMNS}
              rows={d.attempts.map((t, i) => ({ ...t, n: i + 1 }))}
              getRowId={(t) => String(t.n)}
              empty="Not sent yet."
            />
          ))
        )}
      </section>
    </article>
  );
}
