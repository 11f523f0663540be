import { createFileRoute, redirect, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { draftQueryOptions, NEW_CAMPAIGN_DRAFT } from '@/features/campaigns/api/drafts';
import { CampaignWizard } from '@/features/campaigns/components/wizard/campaign-wizard';
import { WIZARD_STEPS, type WizardStep } from '@/features/campaigns/model/wizard-steps';
import { oneOfParam } from '@/lib/search-params';
import { can } from '@/lib/session';

export const Route = createFileRoute('/_app/campaigns/new')({
  validateSearch: (raw: { step?: WizardStep } & SearchSchemaInput) => ({ step: oneOfParam(raw.step, WIZARD_STEPS, 'basics' as const) }),
  beforeLoad: ({ context }) => {
    // Operators and admins only; a viewer lands on the list.
    const session = (context as { session?: Parameters<typeof can>[0] }).session;
    if (session && !can(session, 'campaigns:write')) throw redirect({ to: '/campaigns', search: { page: 1, size: 20 } });
  },
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(draftQueryOptions(NEW_CAMPAIGN_DRAFT)), context.queryClient.ensureQueryData(allAgentsQueryOptions())]),
  pendingComponent: () => (
    <div role="status">
      <span className="sr-only">Loading the draft…</span>
      <Skeleton className="h-64 w-full max-w-2xl" />
    </div>
  ),
  errorComponent: RouteError,
  component: NewCampaignRoute,
});

function NewCampaignRoute() {
  const { step } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">New campaign</h1>
      <CampaignWizard
        step={step}
        onStep={(s) => void navigate({ search: { step: s } })}
        onCreated={(ids) =>
          void (ids.length === 1
            ? navigate({ to: '/campaigns/$campaignId', params: { campaignId: ids[0]! } })
            : navigate({ to: '/campaigns', search: { page: 1, size: 20 } }))
        }
      />
    </div>
  );
}
