/**
 * /calls: the list's state is its URL (page, sort, filters), validated here; the loader prefetches
 * the page and the agents (for names and the agent filter) in parallel.
 */
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { agentsQueryOptions, callsQueryOptions, type CallsSearch } from '../api';
import { CallsPage } from '../calls-page';

const SORTABLE = ['startTime', 'phone', 'type', 'status', 'duration'];
export const DEFAULT_SORT = 'startTime,DESC';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

export const Route = createFileRoute('/calls/')({
  // Typed as all-optional input so links may omit params; every value is still checked here.
  validateSearch: (raw: Partial<CallsSearch> & SearchSchemaInput): CallsSearch => {
    const [property, direction] = String(raw.sort ?? '').split(',');
    const sort = SORTABLE.includes(property ?? '') && (direction === 'ASC' || direction === 'DESC') ? `${property},${direction}` : DEFAULT_SORT;
    return {
      page: Math.max(1, Math.floor(Number(raw.page)) || 1),
      sort,
      agentId: text(raw.agentId),
      phone: text(raw.phone),
      campaignName: text(raw.campaignName),
    };
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([queryClient.ensureQueryData(callsQueryOptions(deps)), queryClient.ensureQueryData(agentsQueryOptions())]),
  component: CallsRoute,
});

function CallsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CallsPage search={search} onSearch={(next) => navigate({ search: (s) => ({ ...s, ...next }) })} />;
}
