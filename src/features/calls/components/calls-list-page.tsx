/**
 * The calls list: filters, saved views, the table with paging and sorting, CSV export. All state
 * is the URL's search (the route owns it); changes go through `onSearch`.
 * Calls still in progress on screen refresh themselves, backing off, and only while the tab is
 * visible (TanStack Query pauses intervals in the background).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { LIMITS } from '@contract/limits';
import { Can } from '@/components/auth/can';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination, pageRange } from '@/components/ui/pagination';
import { TableSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { useDisplayZone } from '@/lib/time/display-zone';
import { callsListQueryOptions } from '../api/calls-queries';
import type { CallsPage } from '../api/calls-source';
import { ListSource } from './list-source';
import { liveRefreshDelay } from '../model/live-refresh';
import { clearFilters, hasFilters, type CallsSearch, type CallsSearchUpdate } from '../model/search-params';
import { CallsBrowser, preloadCallPanel } from './calls-browser';
import { useCallsTablePreferences } from '../api/table-preferences';
import { visibleCallsColumns } from '@contract/bff/preferences.plain';
import { ExportCalls } from './export-calls';
import { isApiError } from '@/lib/api-error';
import { useDrawnInSlices, usePaintedOnce } from '@/lib/after-paint';
import { CallReviewBody } from './call-review-code';
import { PageTitle } from '@/components/layout/page-title';

// The filter bar (its chips' popovers, the "Add filter" menu, the saved views, phone parsing: most
// of the page's code) loads once the rows (or the page's empty or error state) are on screen, not
// while they are drawn: the rows come first, and the bar's one line is reserved while it loads, so
// nothing moves (ADR 0051).
const FilterBar = lazy(() => import('./filter-bar').then((m) => ({ default: m.FilterBar })));
// The column chooser and density (a popover) load with the filter bar, once the rows are on screen.
const TableSettings = lazy(() => import('./table-settings').then((m) => ({ default: m.TableSettings })));

const PAGE_SIZES = [10, 20, 50, LIMITS.pageSize.max];

export function CallsListPage({ search, onSearch }: { search: CallsSearch; onSearch: (update: CallsSearchUpdate) => void }) {
  const { zone } = useDisplayZone();
  const list = useQuery({ ...callsListQueryOptions(search, zone), refetchInterval: (query) => liveRefreshDelay(query.state) });
  const queryClient = useQueryClient();
  const totalPages = list.data?.totalPages ?? 0;
  const agents = useQuery(allAgentsQueryOptions());
  const names = useMemo(() => new Map((agents.data ?? []).map((a) => [a.id, a.name])), [agents.data]);
  const agentName = useCallback((id: string) => names.get(id) ?? (agents.isPending ? '…' : 'Unknown agent'), [names, agents.isPending]);

  const data = list.data;
  const filtered = hasFilters(search);
  // Once the rows are painted and the browser is idle (ADR 0027): what follows (the filters' and
  // saved views' code, the review's) neither competes with drawing the rows nor starts before they show.
  // The rows are drawn in a transition once they are here, after the page around them: in slices,
  // not one long task (100 rows of 8 cells), and after the heading, which is painted first.
  const rowsDrawn = useDrawnInSlices(!list.isPending);
  const rowsSettled = usePaintedOnce(rowsDrawn, true);
  // Once a page is shown, the next one is fetched, so "Next page" only has to draw it (fresh for the
  // query client's 15 s; the route's loader then finds it in the cache). On a cold load, only once
  // the rows are painted: before, it shared the link with them.
  useEffect(() => {
    if (rowsSettled && search.page < totalPages) void queryClient.prefetchQuery(callsListQueryOptions({ ...search, page: search.page + 1 }, zone));
  }, [rowsSettled, queryClient, search, totalPages, zone]);
  // A call's review is one click away: its code loads once the rows are on screen, not on the click.
  const router = useRouter();
  useEffect(() => {
    if (!rowsSettled) return;
    void router.loadRouteChunk(router.routesById['/_app/calls/$callId'])?.catch(() => undefined);
    void CallReviewBody.preload().catch(() => undefined);
    void preloadCallPanel().catch(() => undefined);
  }, [rowsSettled, router]);
  // The user's columns and density came with the session (the bootstrap's preferences): the first
  // paint of the rows already has them.
  const tablePrefs = useCallsTablePreferences();
  const visibleColumns = useMemo(() => visibleCallsColumns(tablePrefs), [tablePrefs]);
  const settingsPlaceholder = <div className="h-8 w-44 shrink-0" aria-hidden="true" />;
  // The filters' callbacks stay the same functions across pages (so the memo above holds) and
  // always act on the search as it is now.
  const latest = useRef({ search, onSearch });
  useLayoutEffect(() => {
    latest.current = { search, onSearch };
  });
  const applyFilters = useCallback((update: CallsSearchUpdate) => latest.current.onSearch(update), []);
  const clearAllFilters = useCallback(() => latest.current.onSearch(clearFilters), []);
  // The bar's one line (its chips, buttons and search box are 2 rem high), reserved while its code loads.
  const barPlaceholder = <div className="min-h-8" aria-busy="true" />;

  return (
    <div className="-mt-4 flex flex-col gap-2">
      {/* One line at 1280 px: the heading, its sentence and the actions; the rows come first (issue 34). */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <PageTitle title="Calls" />
          <h1 className="text-xl font-semibold">Calls</h1>
          {/* Drawn with the page, before the rows and the filters: the largest text of the first screen (its LCP). */}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Every call of your account, newest first: filter them, search what was said, and open one to review it.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {/* In the header's one line, not above the rows: the rows keep their room (12 at 1280×720). */}
          {rowsSettled ? (
            <Suspense fallback={settingsPlaceholder}>
              <TableSettings />
            </Suspense>
          ) : (
            settingsPlaceholder
          )}
          <Link to="/live" className={buttonClasses('secondary', 'sm')}>
            Live calls
          </Link>
          <ExportCalls search={search} zone={zone} agentName={agentName} />
          <Can permission="calls:write">
            <Link to="/calls/new" className={buttonClasses('primary', 'sm')}>
              Place calls
            </Link>
          </Can>
        </div>
      </div>
      {rowsSettled ? (
        <Suspense fallback={barPlaceholder}>
          <FilterBar search={search} agents={agents.data ?? []} zone={zone} onApply={applyFilters} onClear={clearAllFilters} />
        </Suspense>
      ) : (
        barPlaceholder
      )}
      <div className="flex min-w-0 flex-col gap-2">
        {list.isPending || !rowsDrawn ? (
          <TableSkeleton rows={8} columns={visibleColumns.length} label="Loading calls" />
        ) : list.isError && !data && refusedFilters(list.error) ? (
          // A filter the index refuses (a search text of signs only, from a link or a saved view): say
          // which and why; trying again would only be refused again.
          <ErrorState
            error={list.error}
            title="These filters cannot be searched"
            message={refusedFilters(list.error)}
            action={<Button onClick={() => onSearch(clearFilters)}>Clear filters</Button>}
          />
        ) : list.isError && !data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} title="Calls could not be loaded" />
        ) : data && data.content.length === 0 && !data.trimmedCount?.sent ? (
          <>
            {/* An index's empty answer may only mean it is behind: say how fresh it is, as with rows. */}
            {data.source === 'index' ? (
              <ListSource page={data} refreshing={list.isFetching} zone={search.tz ?? zone} search={search} displayZone={zone} />
            ) : null}
            <EmptyState
              title={filtered ? 'No call matches these filters' : 'No calls yet'}
              description={
                filtered
                  ? `Widen the dates or clear a filter.${data.source === 'index' ? ' Calls placed since the index was last brought up to date are not in it yet.' : ''}`
                  : 'Calls appear here once agents place or take them.'
              }
              action={filtered ? <Button onClick={() => onSearch(clearFilters)}>Clear filters</Button> : undefined}
            />
          </>
        ) : data ? (
          <>
            <ListSource page={data} refreshing={list.isFetching} zone={search.tz ?? zone} search={search} displayZone={zone} />
            {data.content.length ? (
              <CallsBrowser
                calls={data.content}
                sort={search.sort}
                agentName={agentName}
                onSort={(sort) => onSearch((prev) => ({ ...prev, sort, page: 1 }))}
                visible={visibleColumns}
                density={tablePrefs.density}
                selectedInUrl={search.call}
              />
            ) : (
              <EmptyState title="None of this page's calls fall in your days" description={trimmedPageNote(data, search.tz ?? zone)} />
            )}
            <Pagination
              of={data}
              noun="calls"
              sizes={PAGE_SIZES}
              summary={data.trimmedCount ? trimmedRange(data) : undefined}
              atLeast={!data.totalExact}
              onChange={(next) => onSearch((prev) => ({ ...prev, ...next }))}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The messages of the filters a 400 refused, if that is why the list failed. */
function refusedFilters(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 400 || error.fieldErrors.length === 0) return undefined;
  return error.fieldErrors.map((f) => f.message).join(' ');
}

/** The pager's range on a trimmed page: the upstream's rows it read, not the calls shown. */
function trimmedRange(page: CallsPage): string {
  const { from, to } = pageRange(page.page, page.size, page.totalElements);
  return `Rows ${from}–${to} of up to ${page.totalElements} on the UTC days`;
}

/** Why a trimmed page shows nothing, and where the calls are. */
function trimmedPageNote(page: CallsPage, zone: string): string {
  if (page.trimmedCount?.daysStartLater) return `This page's calls fall after your ${zone} days; the calls in them start on a later page.`;
  if (page.page >= page.totalPages && page.page === 1) return `No call of these UTC days falls in your ${zone} days.`;
  if (page.page >= page.totalPages) return `The rest of these UTC days' calls fall outside your ${zone} days: the earlier pages hold every call in them.`;
  return `Its calls fall outside your ${zone} days; other pages hold the calls in them.`;
}
