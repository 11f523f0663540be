import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { callsListQueryOptions } from '@/features/calls/api/calls-queries';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { loadDisplayZone } from '@/lib/time/display-zone';
import { CallsListPage } from '@/features/calls/components/calls-list-page';
import { parseCallsSearch, type CallsSearch } from '@/features/calls/model/search-params';

export const Route = createFileRoute('/_app/calls/')({
  // Links may give any subset (the rest default); what arrives from a URL is checked field by field.
  validateSearch: (raw: Partial<CallsSearch> & SearchSchemaInput) => parseCallsSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const zone = await loadDisplayZone(context.queryClient);
    // A failed read is shown by the page (with a retry), not by a route error.
    return Promise.all([
      context.queryClient.ensureQueryData(callsListQueryOptions(deps, zone)).catch(() => undefined),
      context.queryClient.prefetchQuery(allAgentsQueryOptions()),
    ]);
  },
  component: CallsRoute,
});

function CallsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CallsListPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
