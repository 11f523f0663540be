/** The contact page's read-only parts: attempts per campaign, the calls, data, context and QA. */
import { Link } from '@tanstack/react-router';
import type { ContactCall, ContactCampaign, Contact, ContactRecipientOf } from '@contract/bff/contacts';
import { endedText, RECIPIENT_STATE_LABELS } from '@contract/bff/outcomes.plain';
import type { JsonValue } from '@contract/json';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { formatDuration } from '@/lib/duration';
import { ExtractedDataTree } from '@/components/data/extracted-data-tree';

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Quiet = ({ children }: { children: React.ReactNode }) => <p className="text-sm text-slate-700 dark:text-slate-300">{children}</p>;

export function CampaignAttempts({ campaigns }: { campaigns: readonly ContactCampaign[] }) {
  const columns: Column<ContactCampaign>[] = [
    { id: 'campaign', header: 'Campaign', rowHeader: true, cell: (c) => c.campaignName ?? 'Outside any campaign' },
    { id: 'attempts', header: 'Attempts', align: 'right', className: 'tabular-nums', cell: (c) => c.attempts },
    { id: 'last', header: 'Last outcome', cell: (c) => <CallStatusBadge status={c.lastStatus} /> },
    { id: 'lastAt', header: 'Last call', className: 'whitespace-nowrap', cell: (c) => <DateTime value={c.lastAt} /> },
  ];
  return (
    <Section id="contact-campaigns" title="Attempts per campaign">
      {campaigns.length === 0 ? (
        <Quiet>No call in the index yet.</Quiet>
      ) : (
        <DataTable caption="Attempts per campaign" columns={columns} rows={campaigns} getRowId={(c) => c.campaignName ?? ''} />
      )}
    </Section>
  );
}

/** Where the number stands in one campaign it was sent in, as that campaign's recipients table says it. */
export function recipientOfText(r: ContactRecipientOf): string {
  if (r.state === null) return 'Unknown: the campaign could not be read from the Voice API';
  if (r.state === 'ended') return endedText(r.attempts, r.campaignStatus ?? 'CANCELLED');
  if (r.state === 'skipped') return `Skipped: ${r.skipReason ?? 'no reason kept'}`;
  if (r.state === 'outcome') return `Outcome reached (${r.outcomes.join(', ')})`;
  if (r.state === 'waitingRetry' || r.state === 'retriesExhausted' || r.state === 'notRetried')
    return `${RECIPIENT_STATE_LABELS[r.state]}, called ${r.attempts} time${r.attempts === 1 ? '' : 's'}`;
  return RECIPIENT_STATE_LABELS[r.state];
}

export function RecipientOf({ campaigns }: { campaigns: readonly ContactRecipientOf[] }) {
  const columns: Column<ContactRecipientOf>[] = [
    {
      id: 'campaign',
      header: 'Campaign',
      rowHeader: true,
      cell: (c) => (
        <Link to="/campaigns/$campaignId" params={{ campaignId: c.campaignId }} className="text-blue-700 underline dark:text-blue-400">
          {c.campaignName}
        </Link>
      ),
    },
    { id: 'state', header: 'Where the number stands', cell: (c) => recipientOfText(c) },
    {
      id: 'next',
      header: 'Next retry (estimate)',
      className: 'whitespace-nowrap',
      cell: (c) =>
        c.nextRetryAround ? (
          <>
            around <DateTime value={c.nextRetryAround} />
          </>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Section id="contact-recipient-of" title="Sent in campaigns">
      {campaigns.length === 0 ? (
        <Quiet>No campaign created through Switchboard was sent this number (or its recipients are no longer kept).</Quiet>
      ) : (
        <DataTable
          caption="Campaigns created through Switchboard that were sent this number, and where it stands in each"
          columns={columns}
          rows={campaigns}
          getRowId={(c) => c.campaignId}
          rowData={(c) => ({ 'data-state': c.state ?? 'unknown' })}
        />
      )}
    </Section>
  );
}

export function ContactCalls({
  calls,
  agentName,
  onOpen,
  note,
}: {
  calls: readonly ContactCall[];
  agentName: (id: string) => string;
  onOpen: (id: string) => void;
  note?: React.ReactNode;
}) {
  const columns: Column<ContactCall>[] = [
    {
      id: 'startTime',
      header: 'Started',
      className: 'whitespace-nowrap',
      cell: (c) => (
        <Link to="/calls/$callId" params={{ callId: c.id }} tabIndex={-1} className="underline">
          <DateTime value={c.startTime} />
        </Link>
      ),
    },
    { id: 'direction', header: 'Direction', cell: (c) => (c.type === 'INBOUND' ? 'From' : 'To') },
    { id: 'agent', header: 'Agent', cell: (c) => agentName(c.agentId) },
    { id: 'campaign', header: 'Campaign', cell: (c) => c.campaignName ?? '—' },
    { id: 'status', header: 'Status', cell: (c) => <CallStatusBadge status={c.status} /> },
    { id: 'duration', header: 'Duration', align: 'right', className: 'tabular-nums', cell: (c) => formatDuration(c.duration) },
  ];
  return (
    <Section id="contact-calls" title="Calls">
      {note}
      <DataTable
        caption="Calls to and from this number"
        columns={columns}
        rows={calls}
        getRowId={(c) => c.id}
        onRowActivate={(c) => onOpen(c.id)}
        rowLabel={(c) => `Call of ${c.startTime}`}
        empty="No call to or from this number."
      />
    </Section>
  );
}

const show = (v: JsonValue): string => (typeof v === 'string' ? v : JSON.stringify(v));

function DataList({ data, label }: { data: Record<string, JsonValue>; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {Object.entries(data).map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium">{k}</dt>
          <dd className="break-words">{show(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LatestData({ extracted, classification }: Pick<Contact, 'extracted' | 'classification'>) {
  const from = (callId: string, at: string) => (
    <p className="text-xs text-slate-700 dark:text-slate-300">
      From the call of{' '}
      <Link to="/calls/$callId" params={{ callId }} className="underline">
        <DateTime value={at} />
      </Link>
    </p>
  );
  return (
    <Section id="contact-data" title="Latest data">
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Extracted data</h3>
          {extracted ? (
            <>
              {from(extracted.callId, extracted.at)}
              {/* Groups and lists fold, as in the call review (they read as JSON before). */}
              <ExtractedDataTree data={extracted.data} label="Extracted data" />
            </>
          ) : (
            <Quiet>No call extracted any data yet.</Quiet>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <h3 className="font-medium">Classifications</h3>
          {classification ? (
            <>
              {from(classification.callId, classification.at)}
              <DataList data={classification.data} label="Classifications" />
            </>
          ) : (
            <Quiet>No call was classified yet.</Quiet>
          )}
        </div>
      </div>
    </Section>
  );
}

export function ContextSeen({ context }: Pick<Contact, 'context'>) {
  return (
    <Section id="contact-context" title="Context values seen">
      {context.length === 0 ? (
        <Quiet>No context value was sent with this number's calls.</Quiet>
      ) : (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {context.map((c) => (
            <div key={c.key} className="contents">
              <dt className="font-medium">{c.key}</dt>
              <dd className="break-words">{c.values.join(' · ')}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

export function ContactQa({ reviews, comments }: Pick<Contact, 'reviews' | 'comments'>) {
  return (
    <Section id="contact-qa" title="QA reviews and comments">
      {reviews.length === 0 && comments.length === 0 ? <Quiet>No call of this number was reviewed or commented on.</Quiet> : null}
      {reviews.length > 0 ? (
        <ul aria-label="QA reviews" className="flex flex-col gap-2 text-sm">
          {reviews.map((r) => (
            <li key={`${r.callId}-${r.reviewer}`}>
              <span className="font-medium">{r.reviewer}</span> scored{' '}
              <Link to="/calls/$callId" params={{ callId: r.callId }} className="underline">
                a call
              </Link>{' '}
              {Math.round(r.score)}%{r.reviewed ? '' : ' (not finished)'}
              {r.note ? <span className="block text-slate-700 dark:text-slate-300">“{r.note}”</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {comments.length > 0 ? (
        <ul aria-label="QA comments" className="flex flex-col gap-2 text-sm">
          {comments.map((m) => (
            <li key={m.id}>
              <span className="font-medium">{m.author}</span>, <DateTime value={m.createdAt} />, on{' '}
              <Link to="/calls/$callId" params={{ callId: m.callId }} search={m.line === null ? {} : { line: m.line }} className="underline">
                {m.line === null ? 'the recording' : `line ${m.line + 1}`}
              </Link>
              : {m.text}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
