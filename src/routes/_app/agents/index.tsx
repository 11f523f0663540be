import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Pagination } from '@/components/ui/pagination';
import { PendingRegion } from '@/components/ui/pending-region';
import { TableSkeleton } from '@/components/ui/skeleton';
import { agentsListQueryOptions } from '@/features/agents/api/agents-queries';
import { AgentsTable } from '@/features/agents/components/agents-table';
import { AgentTypeFilter } from '@/features/agents/components/agents-toolbar';
import { AGENT_PAGE_SIZES, agentSort, parseAgentsSearch, type AgentsSearch } from '@/features/agents/model/search-params';
import { PageTitle } from '@/components/layout/page-title';

export const Route = createFileRoute('/_app/agents/')({
  // Links may give any subset (the rest default); what arrives from a URL is checked field by field.
  validateSearch: (raw: Partial<AgentsSearch> & SearchSchemaInput) => parseAgentsSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => {
    const read = context.queryClient.ensureQueryData(agentsListQueryOptions(deps));
    // Entering the list, the skeleton stands in for it (after pendingMs). Another type, sort or page
    // is read by the page over the rows on screen (kept, marked busy): a skeleton in their place
    // would remove the control that has the focus (the type filter, a sort header, "Next page").
    if (cause === 'enter') return read;
    void read.catch(() => undefined);
  },
  pendingComponent: AgentsPending,
  pendingMs: 150,
  errorComponent: RouteError,
  component: AgentsPage,
});

function Header() {
  return (
    <div className="mb-4">
      <PageTitle title="Agents" />
      <h1 className="text-2xl font-semibold">Agents</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">The voice agents of your account: open one to see its telephony, extractors and classifiers.</p>
    </div>
  );
}

function AgentsPending() {
  return (
    <>
      <Header />
      <TableSkeleton label="Loading agents" columns={6} />
    </>
  );
}

function AgentsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const list = useQuery(agentsListQueryOptions(search));
  const sort = agentSort(search);
  const setSearch = (patch: Partial<AgentsSearch>) => navigate({ search: (prev) => ({ ...prev, ...patch }) });
  const data = list.data;

  return (
    <>
      <Header />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <AgentTypeFilter type={search.type} onTypeChange={(type) => setSearch({ type, page: 1 })} />
      </div>
      {list.isError && !data ? (
        <ErrorState title="The agents could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : !data ? (
        <TableSkeleton label="Loading agents" columns={6} />
      ) : (
        <PendingRegion pending={list.isPlaceholderData} label="Loading agents">
          {data.content.length === 0 ? (
            <EmptyState
              title={search.type || search.page > 1 ? 'No agents match' : 'No agents yet'}
              description={
                search.type || search.page > 1 ? 'No agent on this page matches the filter.' : 'Agents appear here once they exist in your Voice API account.'
              }
              action={search.type || search.page > 1 ? <Button onClick={() => setSearch({ type: undefined, page: 1 })}>Show all agents</Button> : undefined}
            />
          ) : (
            <div className="flex flex-col gap-3">
              <AgentsTable
                agents={data.content}
                sort={sort}
                onSortChange={(s) => setSearch({ sort: `${s.property},${s.direction}`, page: 1 })}
                onOpen={(a) => navigate({ to: '/agents/$agentId', params: { agentId: a.id } })}
              />
              <Pagination of={{ ...data, page: search.page, size: search.size }} noun="agents" sizes={AGENT_PAGE_SIZES} onChange={setSearch} />
            </div>
          )}
        </PendingRegion>
      )}
    </>
  );
}
