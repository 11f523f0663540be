import { createFileRoute, Link } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { campaignQueryOptions } from '@/features/campaigns/api/campaign-queries';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { CampaignDetailPage } from '@/features/campaigns/components/pages/campaign-detail-page';

export const Route = createFileRoute('/_app/campaigns/$campaignId')({
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(campaignQueryOptions(params.campaignId)), context.queryClient.prefetchQuery(allAgentsQueryOptions())]),
  pendingComponent: () => (
    <div role="status">
      <span className="sr-only">Loading campaign…</span>
      <Skeleton className="h-64 w-full max-w-2xl" />
    </div>
  ),
  errorComponent: RouteError,
  component: CampaignRoute,
});

function CampaignRoute() {
  const { campaignId } = Route.useParams();
  return (
    <div className="grid gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/campaigns" search={{ page: 1, size: 20 }} className="text-blue-800 hover:underline dark:text-blue-300">
          Campaigns
        </Link>
      </nav>
      <CampaignDetailPage campaignId={campaignId} />
    </div>
  );
}
