/**
 * The calls table, on the one table primitive (DataTable): sortable headers, the rows one tab stop
 * (Up/Down/Home/End move, Enter opens the call), each row's start a link to the call's own URL.
 */
import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { parseSort } from '@contract/queries.plain';
import type { CallRow } from '../api/calls-source';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useTimeFormat, type TimeFormat } from '@/lib/time/display-zone';
import { formatDuration } from '../model/format';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { TranscriptHit } from './transcript-hit';
import { CallReviewBody } from './call-review-code';

/** Opening a call: in place (client-side), its review's code and data asked for on intent. */
interface CallOpener {
  open: (callId: string) => void;
  /** A row's link hovered or focused: the review's code and the call's data start loading. */
  intent: (callId: string) => void;
}

/**
 * A row's link to its call: a plain anchor (100 router links, each subscribed to the router's
 * state, made the next page cost more to draw than to fetch); modified clicks open as usual.
 */
function CallLink({ callId, opener, children }: { callId: string; opener: CallOpener; children: ReactNode }) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.open(callId);
  }
  return (
    <a
      href={`/calls/${encodeURIComponent(callId)}`}
      tabIndex={-1}
      className="hover:underline"
      onClick={onClick}
      onMouseEnter={() => opener.intent(callId)}
      onFocus={() => opener.intent(callId)}
    >
      {children}
    </a>
  );
}

export interface CallsTableProps {
  /** Calls; those found by transcript text carry their hit, shown under the call's row. */
  calls: CallRow[];
  sort: string;
  agentName: (id: string) => string;
  onSort: (sort: string) => void;
}

function columns(agentName: (id: string) => string, time: TimeFormat, opener: CallOpener): Column<CallRow>[] {
  return [
    {
      id: 'startTime',
      header: 'Start',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (call) => (
        <CallLink callId={call.id} opener={opener}>
          <time dateTime={call.startTime} title={time.utc(call.startTime)}>
            {time.dateTime(call.startTime)}
          </time>
        </CallLink>
      ),
    },
    { id: 'phone', header: 'Phone', sortable: true, className: 'font-mono whitespace-nowrap', cell: (call) => call.phone },
    { id: 'agent', header: 'Agent', cell: (call) => agentName(call.agentId) },
    { id: 'type', header: 'Type', sortable: true, cell: (call) => (call.type === 'OUTBOUND' ? 'Outbound' : 'Inbound') },
    { id: 'status', header: 'Status', sortable: true, cell: (call) => <CallStatusBadge status={call.status} /> },
    { id: 'duration', header: 'Duration', sortable: true, className: 'tabular-nums', cell: (call) => formatDuration(call.duration) },
    { id: 'recorded', header: 'Recorded', cell: (call) => (call.recorded ? 'Yes' : 'No') },
    { id: 'tags', header: 'Tags', cell: (call) => call.tags.join(', ') },
  ];
}

export function CallsTable({ calls, sort, agentName, onSort }: CallsTableProps) {
  const router = useRouter();
  const time = useTimeFormat();
  const opener: CallOpener = {
    open: (callId) => void router.navigate({ to: '/calls/$callId', params: { callId } }),
    intent: (callId) => {
      void CallReviewBody.preload().catch(() => undefined);
      void router.preloadRoute({ to: '/calls/$callId', params: { callId } }).catch(() => undefined);
    },
  };
  return (
    <DataTable
      caption="Calls. Use the arrow keys to move between rows and Enter to open a call."
      columns={columns(agentName, time, opener)}
      rows={calls}
      getRowId={(call) => call.id}
      rowKeys="position"
      rowData={(call) => ({ 'data-call-id': call.id })}
      rowLabel={(call) => `Call with ${call.phone}, ${time.dateTime(call.startTime)}`}
      sort={parseSort(sort)}
      onSortChange={(next) => onSort(`${next.property},${next.direction}`)}
      onRowActivate={(call) => opener.open(call.id)}
      rowDetail={(call) => (call.hit ? <TranscriptHit callId={call.id} hit={call.hit} /> : null)}
    />
  );
}
