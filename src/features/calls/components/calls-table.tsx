/**
 * The calls table, on the one table primitive (DataTable): sortable headers, the rows one tab stop
 * (Up/Down/Home/End and j/k move, Enter or o opens the call's review, a click or Space selects it
 * for the detail panel), each row's start a link to the call's own URL. Its columns and density are
 * the user's (preferences); every cell keeps to one line, so a row's height never changes with the
 * table's width (the panel opening beside it moves no row).
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, type MouseEvent, type ReactNode } from 'react';
import type { CallsSelection, RowKey } from '../model/row-keys';
import { cn } from '@/lib/cn';
import { parseSort } from '@contract/queries.plain';
import type { CallRow } from '../api/calls-source';
import { DataTable, type Column } from '@/components/ui/data-table';
import type { CallsColumn, CallsDensity } from '@contract/bff/preferences.plain';
import { useTimeFormat, type TimeFormat } from '@/lib/time/display-zone';
import { formatDuration } from '@/lib/duration';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { TranscriptHit } from './transcript-hit';
import { CallReviewBody } from './call-review-code';
import { PhoneLink } from '@/components/phone/phone-link';

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
  /** The columns shown, in the table's order. */
  visible: readonly CallsColumn[];
  density: CallsDensity;
  selection: CallsSelection;
  /** The rows' keys beyond the table's own (j/k, o, Space, Escape: `callsRowKey`), once the panel's code is here. */
  rowKey?: RowKey;
}

function columns(agentName: (id: string) => string, time: TimeFormat, opener: CallOpener): (Column<CallRow> & { id: CallsColumn })[] {
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
    { id: 'phone', header: 'Phone', sortable: true, className: 'font-mono whitespace-nowrap', cell: (call) => <PhoneLink phone={call.phone} inRow /> },
    { id: 'agent', header: 'Agent', className: 'whitespace-nowrap', cell: (call) => agentName(call.agentId) },
    { id: 'type', header: 'Type', sortable: true, className: 'whitespace-nowrap', cell: (call) => (call.type === 'OUTBOUND' ? 'Outbound' : 'Inbound') },
    { id: 'status', header: 'Status', sortable: true, className: 'whitespace-nowrap', cell: (call) => <CallStatusBadge status={call.status} /> },
    { id: 'duration', header: 'Duration', sortable: true, className: 'tabular-nums whitespace-nowrap', cell: (call) => formatDuration(call.duration) },
    {
      id: 'endTime',
      header: 'End',
      className: 'whitespace-nowrap',
      cell: (call) =>
        call.endTime ? (
          <time dateTime={call.endTime} title={time.utc(call.endTime)}>
            {time.time(call.endTime)}
          </time>
        ) : (
          'Not ended'
        ),
    },
    { id: 'recorded', header: 'Recorded', className: 'whitespace-nowrap', cell: (call) => (call.recorded ? 'Yes' : 'No') },
    { id: 'tags', header: 'Tags', className: 'whitespace-nowrap', cell: (call) => call.tags.join(', ') },
    {
      id: 'summary',
      header: 'Summary',
      className: 'max-w-[20rem] truncate',
      cell: (call) => <span title={call.summary ?? undefined}>{call.summary ?? ''}</span>,
    },
  ];
}

const callId = (call: CallRow) => call.id;
const callRowData = (call: CallRow) => ({ 'data-call-id': call.id });
const callRowDetail = (call: CallRow) => (call.hit ? <TranscriptHit callId={call.id} hit={call.hit} /> : null);

export function CallsTable({ calls, sort, agentName, onSort, visible, density, selection, rowKey }: CallsTableProps) {
  const router = useRouter();
  const time = useTimeFormat();
  const opener = useMemo<CallOpener>(
    () => ({
      open: (callId) => void router.navigate({ to: '/calls/$callId', params: { callId } }),
      intent: (callId) => {
        void CallReviewBody.preload().catch(() => undefined);
        void router.preloadRoute({ to: '/calls/$callId', params: { callId } }).catch(() => undefined);
      },
    }),
    [router],
  );
  // The same columns and row functions from one render to the next: the table then draws again only
  // the rows whose props changed (the two a moved selection leaves and reaches), not all of them.
  const shown = useMemo(() => columns(agentName, time, opener).filter((col) => visible.includes(col.id)), [agentName, time, opener, visible]);
  const rowLabel = useCallback((call: CallRow) => `Call with ${call.phone}, ${time.dateTime(call.startTime)}`, [time]);
  // Compact rows and the selected row's mark are this table's look (one line per cell, so no row moves).
  return (
    <div
      className={cn(
        density === 'compact' && '[&_tbody_td]:py-1',
        '[&_tr[aria-current=true]]:bg-blue-50 [&_tr[aria-current=true]]:shadow-[inset_3px_0_0_0_var(--color-blue-600)]',
        'dark:[&_tr[aria-current=true]]:bg-slate-800 dark:[&_tr[aria-current=true]]:shadow-[inset_3px_0_0_0_var(--color-blue-400)]',
      )}
    >
      <DataTable
        caption="Calls. Use the arrow keys or j and k to move between rows, Space to show a call beside the list, and Enter to open its review."
        columns={shown}
        selectedId={selection.selectedId}
        onRowClick={selection.onSelect}
        onRowKey={(event, call, index, focusRow) =>
          rowKey
            ? rowKey(event, call, index, focusRow, selection, (c) => opener.open(c.id))
            : // Before the panel's code is here: Space selects (the panel follows once it loads).
              event.key === ' ' && (selection.onSelect(call), true)
        }
        rows={calls}
        getRowId={callId}
        rowKeys="position"
        rowData={callRowData}
        rowLabel={rowLabel}
        sort={parseSort(sort)}
        onSortChange={(next) => onSort(`${next.property},${next.direction}`)}
        onRowActivate={(call) => opener.open(call.id)}
        rowDetail={callRowDetail}
      />
    </div>
  );
}
