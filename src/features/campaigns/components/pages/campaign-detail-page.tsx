/** One campaign: every field, the effective windows, its status with actions, the caps guard (running), progress and calls. */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Call } from '@contract/schemas/call';
import { effectiveWindows } from '@contract/time-slots';
import { Can } from '@/components/auth/can';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { retryOnInWords } from '../../model/retry-on';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { campaignCallsQueryOptions, campaignQueryOptions } from '../../api/campaign-queries';
import { CallsByStatusChart } from './calls-by-status-chart';
import { CampaignStatusActions } from './campaign-status-actions';
import { CampaignStatusBadge } from './campaign-status-badge';
import { RedialButton } from './redial-button';
import { CapGuardNotice } from './cap-guard-notice';
import { PhoneLink } from '@/components/phone/phone-link';
import { CampaignRecipientsSection, type RecipientsFilter } from '../recipients/campaign-recipients';
import { PageTitle } from '@/components/layout/page-title';

const day = (d: string) => d.charAt(0) + d.slice(1).toLowerCase();

/** A campaign's calls, on the one table primitive: the rows one tab stop, Enter opens the call. */
const CALL_COLUMNS: Column<Call>[] = [
  {
    id: 'startTime',
    header: 'Started',
    className: 'whitespace-nowrap',
    cell: (call) => (
      <Link to="/calls/$callId" params={{ callId: call.id }} tabIndex={-1} className="underline">
        <DateTime value={call.startTime} />
      </Link>
    ),
  },
  { id: 'phone', header: 'Phone', className: 'font-mono whitespace-nowrap', cell: (call) => <PhoneLink phone={call.phone} inRow /> },
  { id: 'status', header: 'Status', cell: (call) => <CallStatusBadge status={call.status} /> },
  { id: 'duration', header: 'Duration', className: 'tabular-nums', cell: (call) => (call.duration === null ? '—' : `${call.duration} s`) },
];

function CampaignCalls({ name }: { name: string }) {
  const query = useQuery(campaignCallsQueryOptions(name));
  const navigate = useNavigate();
  if (query.isPending) return <Skeleton className="h-24 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Its calls could not be loaded" />;
  const { calls, total } = query.data;
  return (
    <>
      <section aria-labelledby="progress-title">
        <h2 id="progress-title" className="text-lg font-semibold">
          Progress ({total.toLocaleString('en')} calls)
        </h2>
        <CallsByStatusChart calls={calls} total={total} />
      </section>
      <section aria-labelledby="calls-title">
        <h2 id="calls-title" className="text-lg font-semibold">
          Its calls
        </h2>
        {calls.length === 0 ? (
          <p className="text-sm">None yet.</p>
        ) : (
          <DataTable
            caption="Calls of this campaign. Use the arrow keys to move between rows and Enter to open a call."
            columns={CALL_COLUMNS}
            rows={calls.slice(0, 200)}
            getRowId={(call) => call.id}
            rowData={(call) => ({ 'data-call-id': call.id })}
            rowLabel={(call) => `Call with ${call.phone}`}
            onRowActivate={(call) => void navigate({ to: '/calls/$callId', params: { callId: call.id } })}
          />
        )}
        {calls.length > 200 ? <p className="text-sm">The latest 200 are listed; the calls list filtered by this campaign shows all.</p> : null}
      </section>
    </>
  );
}

export function CampaignDetailPage({
  campaignId,
  recipientsFilter = {},
  onRecipientsFilterChange = () => undefined,
}: {
  campaignId: string;
  recipientsFilter?: RecipientsFilter;
  onRecipientsFilterChange?: (next: RecipientsFilter) => void;
}) {
  const { data: c } = useSuspenseQuery(campaignQueryOptions(campaignId));
  const { data: agents } = useQuery(allAgentsQueryOptions());
  const agent = agents?.find((a) => a.id === c.agentId);
  const windows = effectiveWindows(c.timeSlots);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle title={c.name} />
        <h1 className="text-xl font-semibold">{c.name}</h1>
        <CampaignStatusBadge status={c.status} />
      </div>
      <Can permission="campaigns:write">
        <CampaignStatusActions campaign={c} />
        <RedialButton campaignId={c.id} />
      </Can>
      {c.status === 'ACTIVE' ? <CapGuardNotice campaignId={c.id} /> : null}
      <dl className="grid max-w-3xl grid-cols-[12rem_1fr] gap-1 text-sm">
        <dt className="font-medium">Agent</dt>
        <dd>{agent ? `${agent.name} (${c.agentId})` : c.agentId}</dd>
        <dt className="font-medium">Time zone</dt>
        <dd>{c.timezone}</dd>
        <dt className="font-medium">Start date</dt>
        <dd>{c.startDate}</dd>
        <dt className="font-medium">Weekdays</dt>
        <dd>{c.days.map(day).join(', ')}</dd>
        <dt className="font-medium">Time slots as entered</dt>
        <dd>{c.timeSlots.map((s) => `${s.startTime}–${s.endTime}`).join(', ')}</dd>
        <dt className="font-medium">Calls placed during</dt>
        <dd>{windows.map((s) => `${s.startTime}–${s.endTime}`).join(' and ') || 'never'}</dd>
        <dt className="font-medium">Calls per day</dt>
        <dd>{c.batchSize.toLocaleString('en')}</dd>
        <dt className="font-medium">Retry</dt>
        <dd>
          {c.retry.max > 0
            ? `Up to ${c.retry.max} more attempts, ${c.retry.delay} minutes apart, when the call ended as ${retryOnInWords(c.retry.retryOn)}`
            : 'Off'}
        </dd>
        <dt className="font-medium">Id</dt>
        <dd className="font-mono">{c.id}</dd>
      </dl>
      <CampaignRecipientsSection
        campaignId={c.id}
        campaignName={c.name}
        agentId={c.agentId}
        filter={recipientsFilter}
        onFilterChange={onRecipientsFilterChange}
      />
      <CampaignCalls name={c.name} />
    </div>
  );
}
