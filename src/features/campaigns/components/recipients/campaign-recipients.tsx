/**
 * The campaign's funnel (recipients → attempted → reached → each outcome) and its recipients table:
 * filterable by state (in the URL), exportable as CSV, and its selection feeds the redial and the
 * do-not-call list. Read from the BFF, which keeps the numbers it sent; a campaign created
 * elsewhere shows its calls only, and says why.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  campaignEnded,
  campaignEndWords,
  endedText,
  RECIPIENT_STATE_LABELS,
  RECIPIENT_STATES,
  type CampaignRecipient,
  type CampaignRecipients,
  type RecipientState,
} from '@contract/bff/outcomes';
import { Can } from '@/components/auth/can';
import { HrefLink } from '@/components/layout/href-link';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { controlBase } from '@/components/ui/styles';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { importDoNotCall, invalidateDoNotCall } from '@/lib/do-not-call/api';
import { campaignRecipientsQueryOptions } from '../../api/recipients';
import { campaignCallsHref } from '../../model/calls-links';
import { recipientsCsv } from '../../model/recipients-csv';
import { RedialButton } from '../pages/redial-button';

const pct = (n: number, of: number) => (of === 0 ? '—' : `${Math.round((n / of) * 100)} %`);

function Funnel({ data, campaignName, agentId }: { data: Extract<CampaignRecipients, { known: true }>; campaignName: string; agentId: string }) {
  const { funnel } = data;
  const steps = [
    { label: 'Recipients', n: funnel.recipients },
    { label: 'Attempted', n: funnel.attempted },
    { label: 'Reached', n: funnel.reached },
    ...funnel.outcomes.map((o) => ({ label: `Outcome: ${o.name}`, n: o.recipients })),
  ];
  return (
    <section aria-labelledby="funnel-title" className="grid gap-2">
      <h2 id="funnel-title" className="text-lg font-semibold">
        Funnel
      </h2>
      <ol className="flex flex-wrap gap-3" aria-label="Funnel">
        {steps.map((s) => (
          <li key={s.label} className="min-w-36 rounded border border-slate-300 p-3 dark:border-slate-600">
            <span className="block text-sm">{s.label}</span>
            <span className="block text-2xl font-semibold tabular-nums">{s.n.toLocaleString('en')}</span>
            <span className="block text-sm tabular-nums">{pct(s.n, funnel.recipients)} of recipients</span>
          </li>
        ))}
      </ol>
      <p className="text-sm">
        The figures count recipients. The calls behind them:{' '}
        <HrefLink href={campaignCallsHref(campaignName, agentId, 'all')} className="underline">
          every call of this campaign
        </HrefLink>
        ,{' '}
        <HrefLink href={campaignCallsHref(campaignName, agentId, 'reached')} className="underline">
          its reached calls
        </HrefLink>
        {funnel.outcomes.map((o) => (
          <span key={o.id}>
            ,{' '}
            <HrefLink href={campaignCallsHref(campaignName, agentId, { outcomeId: o.id })} className="underline">
              its calls that met “{o.name}”
            </HrefLink>
          </span>
        ))}
        ; the recipients who met an outcome: the table below, in the state “Outcome reached”.
      </p>
      {funnel.outcomes.length === 0 ? (
        <p className="text-sm">
          No outcome is defined for this campaign or its agent yet.{' '}
          <Link to="/outcomes" className="underline">
            Define one
          </Link>
          .
        </p>
      ) : null}
      {campaignEnded(data.campaignStatus) ? (
        <p className="text-sm" data-testid="funnel-ended">
          No more calls: {campaignEndWords(data.campaignStatus)}.{' '}
          {funnel.ended === 0
            ? 'Every recipient had been reached or had had their calls by then.'
            : `${funnel.ended.toLocaleString('en')} recipient${funnel.ended === 1 ? ' was' : 's were'} not reached and will not be called (see “${RECIPIENT_STATE_LABELS.ended}”).`}
        </p>
      ) : null}
      {data.split ? <SplitSummary split={data.split} /> : null}
      {funnel.skipped > 0 ? <p className="text-sm">{funnel.skipped.toLocaleString('en')} more were left out when it was created (see “Skipped”).</p> : null}
    </section>
  );
}

/** A part of a split list: the funnel over every part, each person counted once. */
function SplitSummary({ split }: { split: NonNullable<Extract<CampaignRecipients, { known: true }>['split']> }) {
  const steps = [
    { label: 'People', n: split.people },
    { label: 'Attempted', n: split.attempted },
    { label: 'Reached', n: split.reached },
    ...split.outcomes.map((o) => ({ label: `Outcome: ${o.name}`, n: o.recipients })),
  ];
  const twice = split.sent - split.people;
  return (
    <div className="grid gap-2 rounded border border-slate-300 p-3 dark:border-slate-600" data-testid="split-funnel">
      <h3 className="font-semibold">Over the {split.parts.length} parts of this list</h3>
      <p className="text-sm">
        This campaign is one of {split.parts.length} made from one list (
        {split.parts.map((p, i) => (
          <span key={p.id}>
            {i > 0 ? ', ' : ''}
            <Link to="/campaigns/$campaignId" params={{ campaignId: p.id }} className="underline">
              {p.name}
            </Link>
          </span>
        ))}
        ). Each person counts once{twice > 0 ? `: ${twice.toLocaleString('en')} number${twice === 1 ? ' was' : 's were'} sent in more than one part` : ''}.
      </p>
      <ul className="flex flex-wrap gap-3" aria-label="Funnel over the parts">
        {steps.map((s) => (
          <li key={s.label} className="text-sm">
            {s.label}: <span className="font-semibold tabular-nums">{s.n.toLocaleString('en')}</span> ({pct(s.n, split.people)})
          </li>
        ))}
      </ul>
    </div>
  );
}

function stateText(r: CampaignRecipient, campaignStatus: string): string {
  if (r.state === 'ended') return endedText(r.attempts, campaignStatus);
  if (r.state === 'skipped') return `Skipped: ${r.skipReason ?? 'no reason kept'}`;
  if (r.state === 'outcome') return `Outcome reached (${r.outcomes.join(', ')})`;
  if (r.state === 'reached' || r.state === 'inProgress' || r.state === 'notCalled') return RECIPIENT_STATE_LABELS[r.state];
  return `${RECIPIENT_STATE_LABELS[r.state]}, called ${r.attempts} time${r.attempts === 1 ? '' : 's'}`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

export interface RecipientsFilter {
  state?: RecipientState;
}

export function CampaignRecipientsSection({
  campaignId,
  campaignName,
  agentId,
  filter,
  onFilterChange,
}: {
  campaignId: string;
  campaignName: string;
  agentId: string;
  filter: RecipientsFilter;
  onFilterChange: (next: RecipientsFilter) => void;
}) {
  const query = useQuery(campaignRecipientsQueryOptions(campaignId));
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDnc, setConfirmDnc] = useState(false);
  const data = query.data;
  const rows = useMemo(() => (data?.known ? data.recipients.filter((r) => !filter.state || r.state === filter.state) : []), [data, filter.state]);

  if (query.isPending) return <Skeleton className="h-32 w-full" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} title="Its recipients could not be loaded" />;
  if (!query.data.known)
    return (
      <section aria-labelledby="recipients-title">
        <h2 id="recipients-title" className="text-lg font-semibold">
          Recipients
        </h2>
        <p className="text-sm">{query.data.reason}</p>
      </section>
    );
  const known = query.data;
  const shown = new Set(rows.map((r) => r.phone));
  const chosen = [...selected].filter((p) => shown.has(p));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (phone: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(phone)) next.delete(phone);
      else next.add(phone);
      return next;
    });

  const columns: Column<CampaignRecipient>[] = [
    {
      id: 'select',
      header: 'Select',
      cell: (r) => (
        <input type="checkbox" aria-label={`Select ${r.phone}`} checked={selected.has(r.phone)} onChange={() => toggle(r.phone)} className="size-4" />
      ),
    },
    { id: 'phone', header: 'Phone', className: 'font-mono whitespace-nowrap', rowHeader: true, cell: (r) => r.phone },
    {
      id: 'state',
      header: 'State',
      cell: (r) => stateText(r, known.campaignStatus) + (r.listedNow && r.state !== 'skipped' ? ' · now on the do-not-call list' : ''),
    },
    {
      id: 'last',
      header: 'Last call',
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.lastCallId && r.lastCallAt ? (
          <Link to="/calls/$callId" params={{ callId: r.lastCallId }} className="underline">
            <DateTime value={r.lastCallAt} /> ({r.lastStatus})
          </Link>
        ) : (
          '—'
        ),
    },
    {
      id: 'next',
      header: 'Next retry (estimate)',
      className: 'whitespace-nowrap',
      cell: (r) =>
        r.nextRetryAround ? (
          <>
            around <DateTime value={r.nextRetryAround} />
          </>
        ) : (
          '—'
        ),
    },
  ];

  async function addToList() {
    setConfirmDnc(false);
    try {
      const result = await importDoNotCall({
        rows: chosen.map((phone, i) => ({ line: i + 1, phone, reason: `Chosen from the recipients of "${campaignName}"` })),
      });
      await Promise.all([invalidateDoNotCall(queryClient), query.refetch()]);
      toast.info(`${result.added} added to the do-not-call list${result.already ? `, ${result.already} already on it` : ''}.`);
      setSelected(new Set());
    } catch (error) {
      toast.error('The numbers could not be added', errorMessage(error));
    }
  }

  return (
    <>
      <Funnel data={known} campaignName={campaignName} agentId={agentId} />
      <section aria-labelledby="recipients-title" className="grid gap-3">
        <h2 id="recipients-title" className="text-lg font-semibold">
          Recipients ({known.recipients.length.toLocaleString('en')})
        </h2>
        <p className="text-sm">
          Kept by Switchboard from the list it sent, until <DateTime value={known.keptUntil} />. States come from the call index. A next retry is an estimate
          from the retry policy ({known.retry.max > 0 ? `up to ${known.retry.max} more, ${known.retry.delay} minutes apart` : 'no retries'}): the Voice API
          schedules retries, inside the campaign’s windows.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Recipients in state
            <select
              className={controlBase}
              value={filter.state ?? 'all'}
              onChange={(e) => {
                setSelected(new Set());
                onFilterChange({ state: e.target.value === 'all' ? undefined : (e.target.value as RecipientState) });
              }}
            >
              <option value="all">Every state ({known.recipients.length})</option>
              {RECIPIENT_STATES.map((s) => (
                <option key={s} value={s}>
                  {RECIPIENT_STATE_LABELS[s]} ({known.states[s] ?? 0})
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={allChosen}
              disabled={rows.length === 0}
              onChange={() => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.phone)))}
            />
            Select all shown
          </label>
          <Button onClick={() => download(`recipients-${campaignId}.csv`, recipientsCsv(rows))} disabled={rows.length === 0}>
            Export CSV ({rows.length})
          </Button>
        </div>
        <div className="flex flex-wrap items-start gap-3" aria-live="polite">
          <span className="text-sm">{chosen.length} selected</span>
          <Can permission="campaigns:write">
            <RedialButton campaignId={campaignId} only={chosen} label={`Redial selected (${chosen.length})`} />
          </Can>
          <Can permission="do-not-call:manage">
            <Button variant="danger" disabled={chosen.length === 0} onClick={() => setConfirmDnc(true)}>
              Add selected to do-not-call ({chosen.length})
            </Button>
          </Can>
        </div>
        <DataTable
          caption="Recipients of this campaign and where each stands."
          columns={columns}
          rows={rows}
          getRowId={(r) => r.phone}
          rowData={(r) => ({ 'data-phone': r.phone, 'data-state': r.state })}
          rowLabel={(r) => `Recipient ${r.phone}`}
          empty={filter.state ? `No recipient is “${RECIPIENT_STATE_LABELS[filter.state]}”.` : 'No recipient.'}
        />
        <ConfirmDialog
          open={confirmDnc}
          onOpenChange={(o) => !o && setConfirmDnc(false)}
          title={`Add ${chosen.length} number${chosen.length === 1 ? '' : 's'} to the do-not-call list?`}
          description="No campaign or call created through Switchboard will call them again. This campaign may still call them: pause it if it must not."
          confirmLabel="Add them"
          destructive
          onConfirm={() => void addToList()}
        />
      </section>
    </>
  );
}
