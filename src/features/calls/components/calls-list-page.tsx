/**
 * The calls list: filters, saved views, the table with paging and sorting, CSV export. All state
 * is the URL's search (the route owns it); changes go through `onSearch`.
 * Calls still in progress on screen refresh themselves, backing off, and only while the tab is
 * visible (TanStack Query pauses intervals in the background).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useMemo, useRef } from 'react';
import { LIMITS } from '@contract/limits';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { TableSkeleton } from '@/components/ui/skeleton';
import { agentsQueryOptions, callsListQueryOptions } from '../api/calls-queries';
import type { CallsSearch } from '../model/search-params';
import { CallsFilters } from './calls-filters';
import { CallsTable } from './calls-table';
import { ExportCalls } from './export-calls';
import { NativeSelect } from './native-select';
import { SavedViews } from './saved-views';

const PAGE_SIZES = [10, 20, 50, LIMITS.pageSize.max].map(String);
const POLL_FIRST_MS = 3_000;
const POLL_MAX_MS = 60_000;

export function CallsListPage({ search, onSearch, canPlaceCalls }: { search: CallsSearch; onSearch: (next: CallsSearch) => void; canPlaceCalls: boolean }) {
  const polls = useRef({ key: '', count: 0 });
  const searchKey = JSON.stringify(search);
  const list = useQuery({
    ...callsListQueryOptions(search),
    refetchInterval: (query) => {
      if (!query.state.data?.content.some((c) => c.status === 'IN_PROGRESS')) return false;
      if (polls.current.key !== searchKey) polls.current = { key: searchKey, count: 0 };
      return Math.min(POLL_MAX_MS, POLL_FIRST_MS * 1.5 ** polls.current.count++);
    },
  });
  const agents = useQuery(agentsQueryOptions());
  const names = useMemo(() => new Map((agents.data ?? []).map((a) => [a.id, a.name])), [agents.data]);
  const agentName = useCallback((id: string) => names.get(id) ?? (agents.isPending ? '…' : 'Unknown agent'), [names, agents.isPending]);

  const data = list.data;
  const filtered = Boolean(search.agentId || search.phone || search.campaignName || search.from);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Calls</h1>
        <div className="flex items-center gap-2">
          <ExportCalls search={search} agentName={agentName} />
          {canPlaceCalls ? (
            <Link to="/calls/new" className={buttonClasses('primary', 'sm')}>
              Place calls
            </Link>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <CallsFilters key={searchKey} search={search} agents={agents.data ?? []} onApply={(f) => onSearch({ ...search, ...f, page: 1 })} />
          {list.isPending ? (
            <TableSkeleton rows={8} columns={8} label="Loading calls" />
          ) : list.isError && !data ? (
            <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Calls could not be loaded" />
          ) : data && data.content.length === 0 ? (
            <EmptyState
              title={filtered ? 'No call matches these filters' : 'No calls yet'}
              description={filtered ? 'Widen the dates or clear a filter.' : 'Calls appear here once agents place or take them.'}
              action={filtered ? <Button onClick={() => onSearch({ ...search, agentId: undefined, phone: undefined, campaignName: undefined, from: undefined, to: undefined, page: 1 })}>Clear filters</Button> : undefined}
            />
          ) : data ? (
            <>
              <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
                {data.totalElements.toLocaleString()} calls{list.isFetching ? ' · refreshing…' : ''}
              </p>
              <CallsTable calls={data.content} sort={search.sort} agentName={agentName} onSort={(sort) => onSearch({ ...search, sort, page: 1 })} />
              <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <div className="flex items-center gap-2">
                  <Button size="sm" disabled={search.page <= 1} onClick={() => onSearch({ ...search, page: search.page - 1 })}>
                    Previous page
                  </Button>
                  <span>
                    Page {data.page} of {Math.max(1, data.totalPages)}
                  </span>
                  <Button size="sm" disabled={search.page >= data.totalPages} onClick={() => onSearch({ ...search, page: search.page + 1 })}>
                    Next page
                  </Button>
                </div>
                <div className="flex items-center gap-2">
                  <label htmlFor="calls-page-size">Rows per page</label>
                  <NativeSelect id="calls-page-size" value={String(search.size)} onChange={(e) => onSearch({ ...search, size: Number(e.target.value), page: 1 })} options={PAGE_SIZES.map((s) => ({ value: s, label: s }))} />
                </div>
              </nav>
            </>
          ) : null}
        </div>
        <aside>
          <SavedViews search={search} />
        </aside>
      </div>
    </div>
  );
}
