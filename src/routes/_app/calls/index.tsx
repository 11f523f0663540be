import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { callsListQueryOptions } from '@/features/calls/api/calls-queries';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { loadDisplayZone } from '@/lib/time/display-zone';
import { CallsListPage } from '@/features/calls/components/calls-list-page';
import { listSearchOf, parseCallsSearch, type CallsSearch } from '@/features/calls/model/search-params';

export const Route = createFileRoute('/_app/calls/')({
  // Links may give any subset (the rest default); what arrives from a URL is checked field by field.
  validateSearch: (raw: Partial<CallsSearch> & SearchSchemaInput) => parseCallsSearch(raw),
  // The selected call (the detail panel) is no part of the list's read: selecting one reloads nothing.
  loaderDeps: ({ search }) => listSearchOf(search),
  loader: async ({ context, deps, cause }) => {
    const zone = await loadDisplayZone(context.queryClient);
    // A failed read is shown by the page (with a retry), not by a route error.
    const reads = Promise.all([
      context.queryClient.ensureQueryData(callsListQueryOptions(deps, zone)).catch(() => undefined),
      context.queryClient.prefetchQuery(allAgentsQueryOptions()),
    ]);
    // Entering the list (a cold load, or from another screen), the page is drawn at once around its
    // loading rows: its heading and frame are on screen while the read is under way, not after it.
    // Another page, sort or filter of the list waits for its rows, keeping the ones on screen until then.
    if (cause === 'enter') return;
    return reads;
  },
  component: CallsRoute,
});

function CallsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CallsListPage search={search} onSearch={(update) => void navigate({ search: update })} />;
}
