/**
 * Categories on Insights: for each named phrase set (a check of kind \`category\`, docs/review.md),
 * how many calls of the range it marked; each count opens the calls list filtered to those calls.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CategoryCount } from '@contract/bff/review';
import { HrefLink } from '@/components/layout/href-link';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { focusRing } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { categoryCountsQueryOptions } from '../api/insights-queries';
import { callsHref, rangeSearch } from '../model/calls-links';
import type { InsightsQuery } from '../model/search-params';

const link = cn('rounded text-blue-700 underline dark:text-blue-400', focusRing);

const columns = (query: InsightsQuery): Column<CategoryCount>[] => [
  { id: 'category', header: 'Category', rowHeader: true, cell: (c) => c.name },
  {
    id: 'calls',
    header: 'Calls',
    align: 'right',
    cell: (c) => (
      <HrefLink href={callsHref(rangeSearch(query, { check: [String(c.checkId)] }))} className={link}>
        {c.calls.toLocaleString('en')}
      </HrefLink>
    ),
  },
];

export function CategoryCounts({ query }: { query: InsightsQuery }) {
  const counts = useQuery(categoryCountsQueryOptions(query));
  return (
    <section aria-labelledby="category-counts-title" className="flex flex-col gap-2">
      <h2 id="category-counts-title" className="font-semibold">
        Categories
      </h2>
      <QueryStates
        query={counts}
        loading={<Skeleton className="h-24" />}
        errorTitle="Category counts could not be loaded"
        isEmpty={(data) => data.content.length === 0}
        empty={
          <EmptyState
            title="No category yet"
            description={
              <>
                A category is a named set of phrases; calls in which one was said are counted here. Admins add them among the{' '}
                <Link to="/review/settings" className="text-blue-700 underline dark:text-blue-400">
                  review checks
                </Link>
                .
              </>
            }
          />
        }
      >
        {(data) => <DataTable caption="Calls per category in the range" columns={columns(query)} rows={data.content} getRowId={(c) => String(c.checkId)} />}
      </QueryStates>
    </section>
  );
}
