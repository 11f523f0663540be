import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { LIMITS } from '@contract/limits';
import { RouteError } from '@/components/layout/route-error';
import { TableSkeleton } from '@/components/ui/skeleton';
import { outboundAgentsQueryOptions, registryQueryOptions } from '@/features/campaigns/api/campaign-queries';
import { CampaignsListPage } from '@/features/campaigns/components/pages/campaigns-list-page';
import { useCan } from '@/lib/session';

const Search = z.object({
  page: z.coerce.number().int().min(LIMITS.page.min).catch(LIMITS.page.default),
  size: z.coerce.number().int().min(LIMITS.pageSize.min).max(LIMITS.pageSize.max).catch(LIMITS.pageSize.default),
});

export const Route = createFileRoute('/_app/campaigns/')({
  validateSearch: (raw: Record<string, unknown>) => Search.parse(raw),
  loaderDeps: ({ search }) => ({ page: search.page, size: search.size }),
  loader: ({ context, deps }) =>
    Promise.all([context.queryClient.ensureQueryData(registryQueryOptions(deps.page, deps.size)), context.queryClient.prefetchQuery(outboundAgentsQueryOptions())]),
  pendingComponent: () => <TableSkeleton label="Loading campaigns" />,
  errorComponent: RouteError,
  component: CampaignsRoute,
});

function CampaignsRoute() {
  const { page, size } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <CampaignsListPage page={page} size={size} canCreate={useCan('campaigns:write')} onPage={(p) => void navigate({ search: { page: p, size } })} />;
}
