import { createFileRoute, Link, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { PageSkeleton } from '@/components/ui/skeleton';
import { campaignQueryOptions } from '@/features/campaigns/api/campaign-queries';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { CampaignDetailPage } from '@/features/campaigns/components/pages/campaign-detail-page';
import { idParam } from '@/lib/route-params';
import { parseCampaignSearch, type CampaignSearch } from '@/features/campaigns/model/search-params';

export const Route = createFileRoute('/_app/campaigns/$campaignId')({
  params: idParam('campaignId'),
  validateSearch: (raw: Partial<CampaignSearch> & SearchSchemaInput) => parseCampaignSearch(raw),
  loader: ({ context, params }) =>
    Promise.all([context.queryClient.ensureQueryData(campaignQueryOptions(params.campaignId)), context.queryClient.prefetchQuery(allAgentsQueryOptions())]),
  pendingComponent: () => <PageSkeleton label="Loading campaign" />,
  errorComponent: RouteError,
  component: CampaignRoute,
});

function CampaignRoute() {
  const { campaignId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="grid gap-4">
      <Breadcrumb>
        <Link to="/campaigns" search={{ page: 1, size: 20 }} className={crumbLinkClasses}>
          Campaigns
        </Link>
      </Breadcrumb>
      <CampaignDetailPage
        campaignId={campaignId}
        recipientsFilter={search}
        onRecipientsFilterChange={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
      />
    </div>
  );
}
