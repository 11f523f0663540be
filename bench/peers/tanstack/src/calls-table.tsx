/** The calls table (TanStack Table, manual sorting: the API sorts); a row or its start time opens the call. */
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState, type Updater } from '@tanstack/react-table';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Call } from './api';
import { formatDuration, formatTime, statusStyle } from './format';

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, Call>();

interface Meta {
  agentName: (id: string) => string;
}

const columns = helper.columns([
  helper.accessor('startTime', {
    header: 'Start',
    cell: (info) => (
      <Link to="/calls/$id" params={{ id: info.row.original.id }} className="hover:underline">
        <time dateTime={info.getValue()}>{formatTime(info.getValue())}</time>
      </Link>
    ),
  }),
  helper.accessor('phone', { header: 'Phone', cell: (info) => <span className="font-mono">{info.getValue()}</span> }),
  helper.accessor('agentId', {
    header: 'Agent',
    enableSorting: false,
    cell: (info) => (info.table.options.meta as Meta).agentName(info.getValue()),
  }),
  helper.accessor('type', { header: 'Type', cell: (info) => (info.getValue() === 'OUTBOUND' ? 'Outbound' : 'Inbound') }),
  helper.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <span className={`rounded px-2 py-0.5 text-xs font-medium ${statusStyle(info.getValue())}`}>{info.getValue().replaceAll('_', ' ').toLowerCase()}</span>
    ),
  }),
  helper.accessor('duration', { header: 'Duration', cell: (info) => <span className="tabular-nums">{formatDuration(info.getValue())}</span> }),
  helper.accessor('recorded', { header: 'Recorded', enableSorting: false, cell: (info) => (info.getValue() ? 'Yes' : 'No') }),
  helper.accessor('tags', { header: 'Tags', enableSorting: false, cell: (info) => info.getValue().join(', ') }),
]);

const toSorting = (sort: string): SortingState => {
  const [id, direction] = sort.split(',');
  return [{ id: id!, desc: direction === 'DESC' }];
};

export interface CallsTableProps {
  calls: Call[];
  sort: string;
  agentName: (id: string) => string;
  onSort: (sort: string) => void;
}

export function CallsTable({ calls, sort, agentName, onSort }: CallsTableProps) {
  const navigate = useNavigate();
  const sorting = toSorting(sort);
  const table = useTable({
    features,
    columns,
    data: calls,
    getRowId: (call) => call.id,
    state: { sorting },
    manualSorting: true,
    enableSortingRemoval: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (next[0]) onSort(`${next[0].id},${next[0].desc ? 'DESC' : 'ASC'}`);
    },
    meta: { agentName } satisfies Meta,
  });

  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2 font-medium"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="inline-flex items-center gap-1" onClick={header.column.getToggleSortingHandler()}>
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-call-id={row.original.id}
              className="cursor-pointer border-t border-slate-200 hover:bg-slate-50"
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                void navigate({ to: '/calls/$id', params: { id: row.original.id } });
              }}
            >
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2 whitespace-nowrap">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
