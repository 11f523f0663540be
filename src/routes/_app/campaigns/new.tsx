import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { PageSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { draftQueryOptions, NEW_CAMPAIGN_DRAFT } from '@/features/campaigns/api/drafts';
import { CampaignWizard } from '@/features/campaigns/components/wizard/campaign-wizard';
import { WIZARD_STEPS, type WizardStep } from '@/features/campaigns/model/wizard-steps';
import { oneOfParam } from '@/lib/search-params';
import { allowedIn } from '@/lib/session';
import { WritePage } from '@/components/auth/can';
import { PageTitle } from '@/components/layout/page-title';

export const Route = createFileRoute('/_app/campaigns/new')({
  validateSearch: (raw: { step?: WizardStep } & SearchSchemaInput) => ({ step: oneOfParam(raw.step, WIZARD_STEPS, 'basics' as const) }),
  // A role that may not create campaigns gets the page's note (WritePage), and nothing is loaded for it.
  loader: ({ context }) =>
    allowedIn(context, 'campaigns:write') &&
    Promise.all([context.queryClient.ensureQueryData(draftQueryOptions(NEW_CAMPAIGN_DRAFT)), context.queryClient.ensureQueryData(allAgentsQueryOptions())]),
  pendingComponent: () => <PageSkeleton label="Loading the draft" />,
  errorComponent: RouteError,
  component: NewCampaignRoute,
});

function NewCampaignRoute() {
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="grid gap-4">
      <PageTitle title="New campaign" />
      <h1 className="text-xl font-semibold">New campaign</h1>
      <WritePage permission="campaigns:write" action="create campaigns">
        <CampaignWizard
          step={step}
          onStep={(s) => void navigate({ search: { step: s } })}
          onCreated={(ids) =>
            void (ids.length === 1
              ? navigate({ to: '/campaigns/$campaignId', params: { campaignId: ids[0]! } })
              : navigate({ to: '/campaigns', search: { page: 1, size: 20 } }))
          }
        />
      </WritePage>
    </div>
  );
}
