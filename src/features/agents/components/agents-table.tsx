import { Link } from '@tanstack/react-router';
import type { Agent } from '@contract/schemas/agent';
import { Badge } from '@/components/ui/badge';
import { DataTable, type Column, type SortState } from '@/components/ui/data-table';
import { AgentFlags } from './agent-flags';

const COLUMNS: Column<Agent>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (a) => (
      // One tab stop per table: the row takes focus, the link serves the mouse and screen readers.
      <Link to="/agents/$agentId" params={{ agentId: a.id }} tabIndex={-1} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
        {a.name}
      </Link>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    sortable: true,
    cell: (a) => <Badge tone={a.type === 'INBOUND' ? 'violet' : 'blue'}>{a.type === 'INBOUND' ? 'Inbound' : 'Outbound'}</Badge>,
  },
  { id: 'flags', header: 'Flags', cell: (a) => <AgentFlags agent={a} /> },
  { id: 'active', header: 'Active', sortable: true, cell: (a) => (a.active ? 'Yes' : 'No') },
  { id: 'recordable', header: 'Records', sortable: true, cell: (a) => (a.recordable ? 'Yes' : 'No') },
  { id: 'archived', header: 'Archived', sortable: true, cell: (a) => (a.archived ? 'Yes' : 'No') },
  {
    id: 'numbers',
    header: 'Numbers',
    cell: (a) => (
      <span className="font-mono text-xs">{a.telephonyConfiguration.phoneNumbers.length ? a.telephonyConfiguration.phoneNumbers.join(', ') : '—'}</span>
    ),
  },
];

export function AgentsTable({
  agents,
  sort,
  onSortChange,
  onOpen,
}: {
  agents: readonly Agent[];
  sort: SortState;
  onSortChange: (s: SortState) => void;
  onOpen: (a: Agent) => void;
}) {
  return (
    <DataTable
      caption="Agents"
      columns={COLUMNS}
      rows={agents}
      getRowId={(a) => a.id}
      sort={sort}
      onSortChange={onSortChange}
      onRowActivate={onOpen}
      rowLabel={(a) => `${a.name}, ${a.type.toLowerCase()}`}
    />
  );
}
