/**
 * Outcomes on Insights (docs/outcomes.md): for each outcome, how many calls of the range met it and
 * its rate over the calls of its agent or campaign in the range. The count opens the calls list
 * filtered to those calls (`outcome=<id>`, same range and filters), the base opens the calls it
 * divides by.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { OutcomeCount } from '@contract/bff/outcomes';
import { HrefLink } from '@/components/layout/href-link';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { outcomeCountsQueryOptions } from '../api/insights-queries';
import { callsHref, outcomeBaseSearch, outcomeSearch } from '../model/calls-links';
import { formatShare } from '../model/chart-data';
import type { InsightsQuery } from '../model/search-params';

const link = cn('rounded text-blue-700 underline dark:text-blue-400', focusRing);
const count = (n: number) => n.toLocaleString('en');

const columns = (query: InsightsQuery, names: Map<string, string>): Column<OutcomeCount>[] => [
  { id: 'outcome', header: 'Outcome', rowHeader: true, cell: (o) => o.name },
  {
    id: 'attached',
    header: 'Of',
    cell: (o) => (o.agentId ? `Agent ${names.get(o.agentId) ?? o.agentId}` : `Campaign ${o.campaignName ?? ''}`),
  },
  {
    id: 'calls',
    header: 'Calls',
    align: 'right',
    cell: (o) => (
      <HrefLink href={callsHref(outcomeSearch(query, o.outcomeId))} className={link}>
        {count(o.calls)}
      </HrefLink>
    ),
  },
  {
    id: 'scoped',
    header: 'Out of',
    align: 'right',
    cell: (o) =>
      o.scoped > 0 ? (
        <HrefLink href={callsHref(outcomeBaseSearch(query, o))} className={link}>
          {count(o.scoped)}
        </HrefLink>
      ) : (
        '0'
      ),
  },
  { id: 'rate', header: 'Rate', align: 'right', cell: (o) => formatShare(o.rate) },
];

export function OutcomeCounts({ query, names }: { query: InsightsQuery; names: Map<string, string> }) {
  const counts = useQuery(outcomeCountsQueryOptions(query));
  return (
    <section aria-labelledby="outcome-counts-title" className="flex flex-col gap-2">
      <h2 id="outcome-counts-title" className="font-semibold">
        Outcomes
      </h2>
      <QueryStates
        query={counts}
        loading={<Skeleton className="h-24" />}
        errorTitle="Outcome counts could not be loaded"
        isEmpty={(data) => data.content.length === 0}
        empty={
          <EmptyState
            title="No outcome yet"
            description={
              <>
                An outcome names what a call of an agent or a campaign is for (an appointment booked, say); the calls that met each are counted here. Admins
                define them on the{' '}
                <Link to="/outcomes" className="text-blue-700 underline dark:text-blue-400">
                  outcomes
                </Link>{' '}
                page.
              </>
            }
          />
        }
      >
        {(data) => (
          <DataTable
            caption="Calls per outcome in the range, and the rate over the calls of its agent or campaign"
            columns={columns(query, names)}
            rows={data.content}
            getRowId={(o) => String(o.outcomeId)}
          />
        )}
      </QueryStates>
    </section>
  );
}
