import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { AlertCampaign } from '@contract/bff/alerts';
import { Can } from '@/components/auth/can';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { RouteError } from '@/components/layout/route-error';
import { errorMessage } from '@/lib/api-client';
import { AlertDetail } from '@/features/alerts/components/alert-detail';
import { campaignQueryOptions } from '@/features/campaigns/api/campaign-queries';
import { CampaignStatusActions } from '@/features/campaigns/components/pages/campaign-status-actions';
import { CampaignStatusBadge } from '@/features/campaigns/components/pages/campaign-status-badge';
import { alertIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/alerts/$alertId')({
  params: alertIdParam('alertId'),
  errorComponent: RouteError,
  component: AlertRoute,
});

function AlertRoute() {
  const { alertId } = Route.useParams();
  return (
    <div className="grid gap-4">
      <Breadcrumb>
        <Link to="/alerts" search={{ page: 1, show: 'all' }} className={crumbLinkClasses}>
          Alerts
        </Link>
      </Breadcrumb>
      {/* The campaigns feature's status actions, composed in here (features do not import each other). */}
      <AlertDetail alertId={Number(alertId)} campaignActions={(c) => <CampaignNow campaign={c} />} />
    </div>
  );
}

/** The campaign's live status, and pausing (or resuming, cancelling) it in one confirmed click. */
function CampaignNow({ campaign }: { campaign: AlertCampaign }) {
  const live = useQuery(campaignQueryOptions(campaign.id));
  if (live.isPending) return <p className="text-sm">Reading the campaign’s status…</p>;
  if (live.isError) return <p className="text-sm">The campaign’s status could not be read: {errorMessage(live.error)}</p>;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <CampaignStatusBadge status={live.data.status} />
      <Can permission="campaigns:write">
        <CampaignStatusActions campaign={live.data} />
      </Can>
    </div>
  );
}
