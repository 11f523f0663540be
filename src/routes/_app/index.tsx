import { useQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { loadDisplayZone, useDisplayZone } from '@/lib/time/display-zone';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { campaignChoicesQueryOptions } from '@/lib/shared-queries/campaign-registry';
import { insightsQueryOptions } from '@/features/insights/api/insights-queries';
import { InsightsPage } from '@/features/insights/components/insights-page';
import { parseInsightsSearch, toInsightsQuery, type InsightsSearch } from '@/features/insights/model/search-params';

/** Insights, the home after sign-in. Agent names and campaign choices are the shared reads. */
export const Route = createFileRoute('/_app/')({
  validateSearch: (raw: Partial<InsightsSearch> & SearchSchemaInput) => parseInsightsSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const zone = await loadDisplayZone(context.queryClient);
    // A failed read is shown by the page (with a retry), not by a route error.
    return Promise.all([
      context.queryClient.ensureQueryData(insightsQueryOptions(toInsightsQuery(deps, zone))).catch(() => undefined),
      context.queryClient.prefetchQuery(allAgentsQueryOptions()),
    ]);
  },
  component: InsightsRoute,
});

function InsightsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { zone: displayZone } = useDisplayZone();
  const agents = useQuery(allAgentsQueryOptions());
  const campaigns = useQuery(campaignChoicesQueryOptions());
  return (
    <InsightsPage
      search={search}
      query={toInsightsQuery(search, displayZone)}
      displayZone={displayZone}
      agents={agents.data ?? []}
      campaigns={(campaigns.data?.content ?? []).map((c) => c.name)}
      onSearch={(update) => void navigate({ search: update })}
    />
  );
}
