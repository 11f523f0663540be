import { createFileRoute, Link } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { PageSkeleton } from '@/components/ui/skeleton';
import { campaignQueryOptions } from '@/features/campaigns/api/campaign-queries';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { CampaignDetailPage } from '@/features/campaigns/components/pages/campaign-detail-page';
import { idParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/campaigns/$campaignId')({
  params: idParam('campaignId'),
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(campaignQueryOptions(params.campaignId)), context.queryClient.prefetchQuery(allAgentsQueryOptions())]),
  pendingComponent: () => <PageSkeleton label="Loading campaign" />,
  errorComponent: RouteError,
  component: CampaignRoute,
});

function CampaignRoute() {
  const { campaignId } = Route.useParams();
  return (
    <div className="grid gap-4">
      <Breadcrumb>
        <Link to="/campaigns" search={{ page: 1, size: 20 }} className={crumbLinkClasses}>
          Campaigns
        </Link>
      </Breadcrumb>
      <CampaignDetailPage campaignId={campaignId} />
    </div>
  );
}
