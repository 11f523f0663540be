/**
 * Insights, the home after sign-in: the range's figures, charts and per-agent and per-campaign
 * tables, all from the call index (with how fresh it is). Every number opens the calls list
 * filtered to exactly the calls it counts. State is the URL's search (the route owns it).
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { IndexFreshness } from '@/components/data/index-freshness';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { insightsQueryOptions } from '../api/insights-queries';
import { bucketLabel } from '../model/chart-data';
import { BreakdownTable } from './breakdown-table';
import { Figures } from './figures';
import { InsightsFilters, type InsightsFiltersProps } from './insights-filters';
import { CategoryCounts } from './category-counts';
import { OutcomeCounts } from './outcome-counts';
import { ReviewScores } from './review-scores';
import { PageTitle } from '@/components/layout/page-title';

// visx and the charts load after the figures are drawn, in their own chunk.
const InsightsCharts = lazy(() => import('./insights-charts').then((m) => ({ default: m.InsightsCharts })));

/** The page takes what its filters take. */
export type InsightsPageProps = InsightsFiltersProps;

export function InsightsPage(props: InsightsPageProps) {
  const { query, agents } = props;
  const insights = useQuery(insightsQueryOptions(query));
  const data = insights.data;
  const names = new Map(agents.map((a) => [a.id, a.name]));
  const range = query.from === query.to ? bucketLabel(query.from) : `${bucketLabel(query.from)} – ${bucketLabel(query.to)}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <PageTitle title="Insights" />
          <h1 className="text-xl font-semibold">Insights</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {range} {query.from.slice(0, 4)}, days in {query.tz}
          </p>
        </div>
        {data ? <IndexFreshness indexedAt={data.indexedAt} /> : null}
      </div>
      <InsightsFilters {...props} />
      {insights.isPending ? (
        <div role="status" className="flex flex-col gap-4">
          <span className="sr-only">Loading insights…</span>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <Skeleton className="h-72" />
        </div>
      ) : insights.isError && !data ? (
        <ErrorState error={insights.error} onRetry={() => void insights.refetch()} title="Insights could not be loaded" />
      ) : data && data.totals.total === 0 && data.inProgressNow === 0 ? (
        <EmptyState
          title={data.indexedAt ? 'No calls in this range' : 'The call index is still being built'}
          description={data.indexedAt ? 'Widen the dates or choose another agent or campaign.' : 'Figures appear as soon as the first calls are indexed.'}
        />
      ) : data ? (
        <>
          <Figures data={data} query={query} />
          <Suspense fallback={<Skeleton className="h-72" />}>
            <InsightsCharts data={data} query={query} />
          </Suspense>
          {/* One column that never grows past the page (minmax(0, 1fr)): with an auto column, a table's
              widest row widened the page on a phone once QA reviews, outcomes or checks had counts. */}
          <div className="grid grid-cols-1 gap-6">
            <BreakdownTable
              title="Per agent"
              head="Agent"
              query={query}
              rows={data.agents.map((a) => ({ key: a.agentId, name: names.get(a.agentId) ?? a.agentId, narrow: { agentId: a.agentId }, figures: a }))}
            />
            <BreakdownTable
              title="Per campaign"
              head="Campaign"
              query={query}
              rows={data.campaigns.map((c) => ({ key: c.campaignName, name: c.campaignName, narrow: { campaignName: c.campaignName }, figures: c }))}
            />
            <ReviewScores query={query} names={names} />
            <OutcomeCounts query={query} names={names} />
            <CategoryCounts query={query} />
          </div>
        </>
      ) : null}
    </div>
  );
}
