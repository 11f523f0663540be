/**
 * The calls table: sortable headers (aria-sort), a row opens its call, ArrowUp/ArrowDown move
 * through rows and Enter opens the focused one.
 */
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, type KeyboardEvent } from 'react';
import { parseSort } from '@contract/queries.plain';
import type { Call } from '@contract/schemas/call';
import { cn } from '@/lib/cn';
import { focusRing } from '@/components/ui/styles';
import { formatDuration, formatLocalTime, formatUtc } from '../model/format';
import { CallStatusBadge } from '@/components/status/call-status-badge';

type SortProperty = 'startTime' | 'phone' | 'type' | 'status' | 'duration';

const COLUMNS: { label: string; sort?: SortProperty }[] = [
  { label: 'Start', sort: 'startTime' },
  { label: 'Phone', sort: 'phone' },
  { label: 'Agent' },
  { label: 'Type', sort: 'type' },
  { label: 'Status', sort: 'status' },
  { label: 'Duration', sort: 'duration' },
  { label: 'Recorded' },
  { label: 'Tags' },
];

export interface CallsTableProps {
  calls: Call[];
  sort: string;
  agentName: (id: string) => string;
  onSort: (sort: string) => void;
}

export function CallsTable({ calls, sort, agentName, onSort }: CallsTableProps) {
  const navigate = useNavigate();
  const body = useRef<HTMLTableSectionElement>(null);
  const current = parseSort(sort);

  function onRowKey(event: KeyboardEvent<HTMLTableRowElement>, index: number, id: string) {
    const rows = body.current?.querySelectorAll<HTMLTableRowElement>('tr');
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = index + (event.key === 'ArrowDown' ? 1 : -1);
      rows?.[Math.max(0, Math.min(calls.length - 1, next))]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      rows?.[event.key === 'Home' ? 0 : calls.length - 1]?.focus();
    } else if (event.key === 'Enter' && event.target === event.currentTarget) {
      void navigate({ to: '/calls/$callId', params: { callId: id } });
    }
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Calls. Use the arrow keys to move between rows and Enter to open a call.</caption>
        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {COLUMNS.map((col) => {
              const active = col.sort === current.property;
              const nextDir = active && current.direction === 'ASC' ? 'DESC' : 'ASC';
              return (
                <th
                  key={col.label}
                  scope="col"
                  aria-sort={active ? (current.direction === 'ASC' ? 'ascending' : 'descending') : undefined}
                  className="px-3 py-2 font-medium"
                >
                  {col.sort ? (
                    <button type="button" className={cn('inline-flex items-center gap-1 rounded', focusRing)} onClick={() => onSort(`${col.sort},${nextDir}`)}>
                      {col.label}
                      <span aria-hidden="true">{active ? (current.direction === 'ASC' ? '▲' : '▼') : '↕'}</span>
                      <span className="sr-only">, sort {nextDir === 'ASC' ? 'ascending' : 'descending'}</span>
                    </button>
                  ) : (
                    col.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={body}>
          {calls.map((call, i) => (
            <tr
              key={call.id}
              data-call-id={call.id}
              tabIndex={0}
              aria-label={`Call with ${call.phone}, ${formatLocalTime(call.startTime)}`}
              onKeyDown={(e) => onRowKey(e, i, call.id)}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                void navigate({ to: '/calls/$callId', params: { callId: call.id } });
              }}
              className={cn(
                'cursor-pointer border-t border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900',
                focusRing,
                '-outline-offset-2',
              )}
            >
              <td className="px-3 py-2 whitespace-nowrap">
                <Link to="/calls/$callId" params={{ callId: call.id }} tabIndex={-1} className="hover:underline">
                  <time dateTime={call.startTime} title={formatUtc(call.startTime)}>
                    {formatLocalTime(call.startTime)}
                  </time>
                </Link>
              </td>
              <td className="px-3 py-2 font-mono whitespace-nowrap">{call.phone}</td>
              <td className="px-3 py-2">{agentName(call.agentId)}</td>
              <td className="px-3 py-2">{call.type === 'OUTBOUND' ? 'Outbound' : 'Inbound'}</td>
              <td className="px-3 py-2">
                <CallStatusBadge status={call.status} />
              </td>
              <td className="px-3 py-2 tabular-nums">{formatDuration(call.duration)}</td>
              <td className="px-3 py-2">{call.recorded ? 'Yes' : 'No'}</td>
              <td className="px-3 py-2">{call.tags.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
