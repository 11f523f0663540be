/**
 * The calls table, on the one table primitive (DataTable): sortable headers, the rows one tab stop
 * (Up/Down/Home/End move, Enter opens the call), each row's start a link to the call's own URL.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { parseSort } from '@contract/queries.plain';
import type { CallRow } from '../api/calls-source';
import { DataTable, type Column } from '@/components/ui/data-table';
import { useTimeFormat, type TimeFormat } from '@/lib/time/display-zone';
import { formatDuration } from '../model/format';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { TranscriptHit } from './transcript-hit';

export interface CallsTableProps {
  /** Calls; those found by transcript text carry their hit, shown under the call's row. */
  calls: CallRow[];
  sort: string;
  agentName: (id: string) => string;
  onSort: (sort: string) => void;
}

function columns(agentName: (id: string) => string, time: TimeFormat): Column<CallRow>[] {
  return [
    {
      id: 'startTime',
      header: 'Start',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (call) => (
        <Link to="/calls/$callId" params={{ callId: call.id }} tabIndex={-1} className="hover:underline">
          <time dateTime={call.startTime} title={time.utc(call.startTime)}>
            {time.dateTime(call.startTime)}
          </time>
        </Link>
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
  const navigate = useNavigate();
  const time = useTimeFormat();
  return (
    <DataTable
      caption="Calls. Use the arrow keys to move between rows and Enter to open a call."
      columns={columns(agentName, time)}
      rows={calls}
      getRowId={(call) => call.id}
      rowData={(call) => ({ 'data-call-id': call.id })}
      rowLabel={(call) => `Call with ${call.phone}, ${time.dateTime(call.startTime)}`}
      sort={parseSort(sort)}
      onSortChange={(next) => onSort(`${next.property},${next.direction}`)}
      onRowActivate={(call) => void navigate({ to: '/calls/$callId', params: { callId: call.id } })}
      rowDetail={(call) => (call.hit ? <TranscriptHit callId={call.id} hit={call.hit} /> : null)}
    />
  );
}
