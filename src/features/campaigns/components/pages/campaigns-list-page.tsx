/**
 * The campaigns created through Switchboard (the BFF's registry), each with its live status and its
 * progress from the call index (one request for the page): calls made, reached, not reached, and
 * the recipients not called yet where the recipient count is known. A campaign created since the
 * index's last pass says "not yet indexed" (never a 0 it has not counted) and the figures are asked
 * again until the index has counted it.
 */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import type { RegistryEntry } from '@contract/bff/http';
import type { CampaignProgress } from '@contract/bff/index';
import { Can } from '@/components/auth/can';
import { HrefLink } from '@/components/layout/href-link';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { PendingRegion } from '@/components/ui/pending-region';
import { Skeleton, TableSkeleton } from '@/components/ui/skeleton';
import { IndexFreshness } from '@/components/data/index-freshness';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { registryQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { campaignProgressQueryOptions, campaignQueryOptions } from '../../api/campaign-queries';
import { campaignOutcomesQueryOptions } from '../../api/recipients';
import { campaignCallsHref } from '../../model/calls-links';
import { countedByIndex, NOT_YET_INDEXED_POLL_MS, progressCells } from '../../model/progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import { PageTitle } from '@/components/layout/page-title';

/**
 * One progress figure: a placeholder while loading, a dash when the progress failed (said above the
 * table), "not yet indexed" while the index has not counted the campaign (created since its last pass).
 */
function Figure({
  progress,
  value,
}: {
  progress: { isPending: boolean; row?: CampaignProgress; counted: boolean };
  value: (p: CampaignProgress) => ReactNode;
}) {
  if (progress.isPending) return <Skeleton className="ml-auto h-5 w-8" />;
  if (progress.row && !progress.counted) return <span className="text-slate-600 dark:text-slate-400">not yet indexed</span>;
  if (!progress.row)
    return (
      <span>
        <span aria-hidden="true">–</span>
        <span className="sr-only">not available</span>
      </span>
    );
  return <>{value(progress.row)}</>;
}

function Remaining({ row }: { row: CampaignProgress }) {
  const { remaining } = progressCells(row);
  if (!remaining) return <span className="text-slate-600 dark:text-slate-400">unknown</span>;
  return (
    <span>
      {remaining.count.toLocaleString('en')} <span className="text-slate-600 dark:text-slate-400">of {remaining.of.toLocaleString('en')}</span>
    </span>
  );
}

function LiveStatus({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery(campaignQueryOptions(id));
  if (isPending) return <Skeleton className="h-5 w-16" />;
  if (isError) return <span className="text-sm text-red-700 dark:text-red-400">Status unavailable</span>;
  return <CampaignStatusBadge status={data.status} />;
}

export function CampaignsListPage({ page, size, onPage }: { page: number; size: number; onPage: (page: number) => void }) {
  // Another page keeps this one on screen while it is read, so "Next page" keeps the focus.
  const registry = useQuery({ ...registryQueryOptions(page, size), placeholderData: keepPreviousData });
  const data = registry.data ?? { content: [] as RegistryEntry[], page, size, totalElements: 0, totalPages: 0 };
  const { data: agents } = useQuery(allAgentsQueryOptions());
  // A live status that failed is said once above the table, with a way to try again.
  const statuses = useQueries({
    queries: data.content.map((c) => campaignQueryOptions(c.id)),
    combine: (results) => ({ error: results.find((r) => r.isError)?.error, retry: () => results.forEach((r) => r.isError && void r.refetch()) }),
  });
  const agentName = useMemo(() => new Map((agents ?? []).map((a) => [a.id, a.name])), [agents]);
  // While a campaign on the page is newer than the index's last pass, ask again until the index has counted it.
  const progress = useQuery({
    ...campaignProgressQueryOptions(data.content.map((c) => c.id)),
    refetchInterval: (query) =>
      query.state.data && data.content.some((c) => !countedByIndex(c.createdAt, query.state.data?.countedFrom ?? query.state.data?.indexedAt))
        ? NOT_YET_INDEXED_POLL_MS
        : false,
  });
  const progressOf = useMemo(() => new Map((progress.data?.content ?? []).map((p) => [p.campaignId, p])), [progress.data]);
  const figure = (c: RegistryEntry) => ({
    isPending: progress.isPending,
    row: progressOf.get(c.id),
    counted: countedByIndex(c.createdAt, progress.data?.countedFrom ?? progress.data?.indexedAt),
  });
  const outcomes = useQuery(campaignOutcomesQueryOptions(data.content.map((c) => c.id)));
  const outcomesOf = useMemo(() => new Map((outcomes.data ?? []).map((o) => [o.campaignId, o])), [outcomes.data]);
  const count = (n: number) => n.toLocaleString('en');
  const columns: Column<RegistryEntry>[] = [
    {
      id: 'name',
      header: 'Name',
      cell: (c) => (
        <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} className="font-medium underline-offset-2 hover:underline">
          {c.name}
        </Link>
      ),
    },
    { id: 'status', header: 'Status', cell: (c) => <LiveStatus id={c.id} /> },
    { id: 'calls', header: 'Calls', align: 'right', cell: (c) => <Figure progress={figure(c)} value={(p) => count(progressCells(p).calls)} /> },
    { id: 'reached', header: 'Reached', align: 'right', cell: (c) => <Figure progress={figure(c)} value={(p) => count(progressCells(p).reached)} /> },
    {
      id: 'notReached',
      header: 'Not reached',
      align: 'right',
      cell: (c) => <Figure progress={figure(c)} value={(p) => count(progressCells(p).notReached)} />,
    },
    { id: 'remaining', header: 'Remaining', align: 'right', cell: (c) => <Figure progress={figure(c)} value={(p) => <Remaining row={p} />} /> },
    {
      id: 'outcomes',
      header: 'Outcomes',
      cell: (c) => {
        if (outcomes.isPending) return <Skeleton className="h-5 w-16" />;
        const o = outcomesOf.get(c.id);
        if (!o || o.outcomes.length === 0)
          return (
            <span>
              <span aria-hidden="true">–</span>
              <span className="sr-only">{outcomes.isError ? 'not available' : 'no outcome defined'}</span>
            </span>
          );
        return (
          <ul className="grid gap-0.5">
            {o.outcomes.map((x) => (
              <li key={x.id}>
                <Link to="/campaigns/$campaignId" params={{ campaignId: c.id }} search={{ state: 'outcome' }} className="underline">
                  {x.name}: {count(x.recipients)}
                  {o.recipients ? ` (${Math.round((x.recipients / o.recipients) * 100)} %)` : ''}
                </Link>
                {' · '}
                <HrefLink href={campaignCallsHref(c.name, c.agentId, { outcomeId: x.id })} className="underline">
                  calls
                  <span className="sr-only">
                    {' '}
                    that met {x.name} in {c.name}
                  </span>
                </HrefLink>
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'agent',
      header: 'Agent',
      cell: (c) => agentName.get(c.agentId) ?? c.agentId,
    },
    { id: 'createdBy', header: 'Created by', cell: (c) => c.createdBy },
    {
      id: 'createdAt',
      header: 'Created',
      cell: (c) => <DateTime value={c.createdAt} />,
    },
  ];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PageTitle title="Campaigns" />
        <h1 className="text-xl font-semibold">Campaigns</h1>
        <div className="flex flex-wrap items-center gap-4">
          {/* Outcomes and compliance are the campaigns' settings: reached from here and from ⌘K, not from a
              main navigation that has no room left at 1024 px. */}
          <Link to="/outcomes" className="text-sm text-blue-700 underline dark:text-blue-400">
            Outcomes
          </Link>
          <Link to="/compliance" className="text-sm text-blue-700 underline dark:text-blue-400">
            Compliance
          </Link>
          <Can permission="campaigns:write">
            <Link to="/campaigns/new" search={{ step: 'basics' }} className={buttonClasses('primary')}>
              New campaign
            </Link>
          </Can>
        </div>
      </div>
      {registry.isError && !registry.data ? (
        <ErrorState title="The campaigns could not be loaded" error={registry.error} onRetry={() => void registry.refetch()} />
      ) : !registry.data ? (
        <TableSkeleton label="Loading campaigns" />
      ) : data.content.length === 0 ? (
        <EmptyState title="No campaigns yet" description="Campaigns created in Switchboard are listed here with their live status." />
      ) : (
        <PendingRegion pending={registry.isPlaceholderData} label="Loading campaigns" className="grid gap-4">
          {statuses.error ? <ErrorState title="Some live statuses could not be loaded" error={statuses.error} onRetry={statuses.retry} /> : null}
          {progress.isError ? <ErrorState title="The progress could not be loaded" error={progress.error} onRetry={() => void progress.refetch()} /> : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Calls, reached and not reached (no answer or failed) count the calls the call index holds
            {progress.data?.indexedAt ? (
              <>
                , as of <DateTime value={progress.data.indexedAt} /> (<IndexFreshness indexedAt={progress.data.indexedAt} />)
              </>
            ) : null}
            ; a campaign created since is &ldquo;not yet indexed&rdquo; until the index&rsquo;s next pass counts it. Remaining: recipients not called yet, of
            those the campaign was created with; unknown where Switchboard did not record how many there were.
          </p>
          <DataTable
            caption="Campaigns"
            columns={columns}
            rows={data.content}
            getRowId={(c) => c.id}
            rowLabel={(c) => c.name}
            rowData={(c) => ({ 'data-campaign-id': c.id })}
          />
          <Pagination of={{ ...data, page }} noun="campaigns" onChange={(next) => onPage(next.page)} />
        </PendingRegion>
      )}
    </div>
  );
}
