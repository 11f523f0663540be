import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { TableSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { registryQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { CampaignsListPage } from '@/features/campaigns/components/pages/campaigns-list-page';
import { parseCampaignsSearch, type CampaignsSearch } from '@/features/campaigns/model/search-params';

export const Route = createFileRoute('/_app/campaigns/')({
  validateSearch: (raw: Partial<CampaignsSearch> & SearchSchemaInput) => parseCampaignsSearch(raw),
  loaderDeps: ({ search }) => ({ page: search.page, size: search.size }),
  loader: ({ context, deps, cause }) => {
    const reads = Promise.all([
      context.queryClient.ensureQueryData(registryQueryOptions(deps.page, deps.size)),
      context.queryClient.prefetchQuery(allAgentsQueryOptions()),
    ]);
    // Entering the list, the skeleton stands in for it (after pendingMs). Another page is read by the
    // page over the rows on screen (kept, marked busy): a skeleton in their place would remove the
    // focused "Next page".
    if (cause === 'enter') return reads;
    void reads.catch(() => undefined);
  },
  pendingComponent: () => <TableSkeleton label="Loading campaigns" />,
  errorComponent: RouteError,
  component: CampaignsRoute,
});

function CampaignsRoute() {
  const { page, size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CampaignsListPage page={page} size={size} onPage={(p) => void navigate({ search: { page: p, size } })} />;
}
