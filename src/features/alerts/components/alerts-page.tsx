/**
 * /alerts: the alerts, newest first (open or all, page in the URL), each with its pause and
 * webhook deliveries at a glance; below, the watched views (rules) with their state. Seeing the
 * list marks the alerts shown as seen (the bell's count goes to zero).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Alert, AlertRule } from '@contract/bff/alerts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Pagination } from '@/components/ui/pagination';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { TableSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { unreadAlertsQueryOptions } from '@/lib/shared-queries/alerts';
import { alertListQueryOptions, alertRulesQueryOptions, deleteRule, invalidateAlerts, markSeen } from '../api/alerts';
import { describeCondition } from '../model/watch-form';
import { PauseBadge } from './pause-badge';
import { DateTime } from '@/components/ui/date-time';
import { PageTitle } from '@/components/layout/page-title';

export interface AlertsSearch {
  page: number;
  show: 'open' | 'all';
}

const when = (iso: string) => <DateTime value={iso} />;

export function AlertsPage({ search, canManage, onSearch }: { search: AlertsSearch; canManage: boolean; onSearch: (next: AlertsSearch) => void }) {
  const queryClient = useQueryClient();
  const list = useQuery(alertListQueryOptions(search.page, search.show === 'open' ? true : undefined));
  const latest = list.data?.content[0]?.id;
  // Seeing the list is reading it: the bell counts only alerts newer than the newest shown.
  useEffect(() => {
    if (latest !== undefined) void markSeen(latest).then(() => queryClient.invalidateQueries({ queryKey: unreadAlertsQueryOptions().queryKey }));
  }, [latest, queryClient]);

  const columns: Column<Alert>[] = [
    { id: 'opened', header: 'Opened', cell: (a) => when(a.openedAt) },
    {
      id: 'rule',
      header: 'Alert',
      cell: (a) => (
        <Link to="/alerts/$alertId" params={{ alertId: String(a.id) }} className="font-medium text-blue-700 underline dark:text-blue-400">
          {a.ruleName}
        </Link>
      ),
    },
    { id: 'summary', header: 'What was seen', cell: (a) => a.summary },
    { id: 'state', header: 'State', cell: (a) => (a.clearedAt ? <Badge>Cleared</Badge> : <Badge tone="red">Open</Badge>) },
    { id: 'pause', header: 'Auto-pause', cell: (a) => <PauseBadge pause={a.pause} /> },
    {
      id: 'webhook',
      header: 'Webhook',
      cell: (a) =>
        a.deliveries.total === 0 ? (
          <span className="text-slate-600 dark:text-slate-400">—</span>
        ) : (
          <span>
            {a.deliveries.delivered}/{a.deliveries.total} delivered{a.deliveries.failed ? `, ${a.deliveries.failed} failed` : ''}
          </span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle title="Alerts" />
          <h1 className="text-xl font-semibold">Alerts</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Raised when a watched view crosses its threshold, from the call index. Watch a view from the saved views of the calls list.
          </p>
        </div>
        <SegmentedControl
          label="Show"
          value={search.show}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'all', label: 'All' },
          ]}
          onValueChange={(show) => onSearch({ page: 1, show })}
        />
      </div>
      <section aria-labelledby="alerts-list-title" className="flex flex-col gap-3">
        <h2 id="alerts-list-title" className="sr-only">
          Alert list
        </h2>
        <QueryStates
          query={list}
          loading={<TableSkeleton label="Loading alerts" />}
          pendingLabel="Loading alerts"
          errorTitle="The alerts could not be loaded"
          isEmpty={(data) => data.content.length === 0}
          empty={
            <EmptyState
              title={search.show === 'open' ? 'No open alert' : 'No alert yet'}
              description="When a watched view crosses its threshold, the alert shows here and on the bell."
            />
          }
        >
          {(data) => (
            <>
              <DataTable caption="Alerts" columns={columns} rows={data.content} getRowId={(a) => String(a.id)} rowLabel={(a) => a.ruleName} />
              <Pagination of={{ ...data, page: search.page }} noun="alerts" onChange={(next) => onSearch({ ...search, page: next.page })} />
            </>
          )}
        </QueryStates>
      </section>
      <WatchedViews canManage={canManage} />
    </div>
  );
}

const STATE_TONE: Record<AlertRule['state'], BadgeTone> = { ok: 'green', breached: 'red', unknown: 'neutral' };
const STATE_LABEL: Record<AlertRule['state'], string> = { ok: 'OK', breached: 'Breached', unknown: 'Not evaluated yet' };

function WatchedViews({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const rules = useQuery(alertRulesQueryOptions());
  const [removing, setRemoving] = useState<AlertRule | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => deleteRule(id),
    onSuccess: async () => {
      setRemoving(null);
      await invalidateAlerts(queryClient);
      toast.success('The view is no longer watched.');
    },
    onError: (error) => toast.error('The rule could not be deleted', errorMessage(error)),
  });
  const columns: Column<AlertRule>[] = [
    { id: 'name', header: 'Rule', cell: (r) => <span className="font-medium">{r.name}</span> },
    { id: 'view', header: 'View', cell: (r) => r.viewName },
    { id: 'threshold', header: 'Threshold', cell: (r) => describeCondition(r.condition) },
    {
      id: 'state',
      header: 'State',
      cell: (r) => (
        <span className="flex flex-col gap-0.5">
          <Badge tone={r.enabled ? STATE_TONE[r.state] : 'neutral'}>{r.enabled ? STATE_LABEL[r.state] : 'Off'}</Badge>
          {r.lastEvaluatedAt ? (
            <span className="text-xs text-slate-600 dark:text-slate-400">
              as of <DateTime value={r.lastEvaluatedAt} as="time" />
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'onBreach',
      header: 'On breach',
      cell: (r) => (
        <span className="flex flex-col text-xs">
          {r.pauseCampaignId ? (
            <span>
              Pauses {r.pauseCampaignName ?? r.pauseCampaignId} (set by {r.pauseSetBy})
            </span>
          ) : null}
          {r.webhookHost ? <span>Webhook to {r.webhookHost}</span> : null}
          {!r.pauseCampaignId && !r.webhookHost ? <span>Console only</span> : null}
        </span>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'manage',
            header: 'Actions',
            cell: (r: AlertRule) => (
              <span className="flex gap-1">
                <Link to="/alerts/watch" search={{ rule: r.id }} className={buttonClasses('ghost', 'sm')} aria-label={`Edit ${r.name}`}>
                  Edit
                </Link>
                <Button size="sm" variant="ghost" onClick={() => setRemoving(r)} aria-label={`Delete ${r.name}`}>
                  Delete
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <section aria-labelledby="rules-title" className="flex flex-col gap-3">
      <h2 id="rules-title" className="font-semibold">
        Watched views
      </h2>
      <QueryStates
        query={rules}
        loading={<TableSkeleton rows={3} label="Loading watched views" />}
        errorTitle="The watched views could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            title="No view is watched"
            description={canManage ? 'Save a view of the calls list, then choose Watch next to it.' : 'Operators and admins can watch saved views.'}
            action={
              canManage ? (
                <Link to="/alerts/watch" className={buttonClasses('secondary', 'sm')}>
                  Watch a view
                </Link>
              ) : undefined
            }
          />
        }
      >
        {(data) => <DataTable caption="Watched views" columns={columns} rows={data} getRowId={(r) => String(r.id)} rowLabel={(r) => r.name} />}
      </QueryStates>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Stop watching with "${removing?.name ?? ''}"?`}
        description="Its open alert is cleared; past alerts stay in the list."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
      />
    </section>
  );
}
