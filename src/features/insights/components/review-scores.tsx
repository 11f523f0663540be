/**
 * QA review on Insights: per agent, the average rubric score of the reviews marked done for calls
 * of the range (days in the range's zone), how many, and how often two reviewers agreed.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AgentScore } from '@contract/bff/review';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { reviewScoresQueryOptions } from '../api/insights-queries';
import type { InsightsQuery } from '../model/search-params';

const columns = (names: Map<string, string>): Column<AgentScore>[] => [
  { id: 'agent', header: 'Agent', rowHeader: true, cell: (s) => names.get(s.agentId) ?? s.agentId },
  { id: 'average', header: 'Average score', align: 'right', cell: (s) => (s.averageScore === null ? '—' : `${s.averageScore} / 100`) },
  { id: 'reviews', header: 'Reviews', align: 'right', cell: (s) => s.reviews },
  { id: 'calls', header: 'Calls reviewed', align: 'right', cell: (s) => s.calls },
  {
    id: 'agreement',
    header: 'Reviewer agreement',
    align: 'right',
    cell: (s) => (s.agreement === null ? 'Not scored twice' : `${Math.round(s.agreement * 100)} %`),
  },
];

export function ReviewScores({ query, names }: { query: InsightsQuery; names: Map<string, string> }) {
  const scores = useQuery(reviewScoresQueryOptions(query));
  return (
    <section aria-labelledby="review-scores-title" className="flex flex-col gap-2">
      <h2 id="review-scores-title" className="font-semibold">
        QA review scores per agent
      </h2>
      <QueryStates
        query={scores}
        loading={<Skeleton className="h-24" />}
        errorTitle="Review scores could not be loaded"
        isEmpty={(data) => data.content.length === 0}
        empty={
          <EmptyState
            title="No call of this range is reviewed yet"
            description={
              <>
                Reviews marked done appear here. Open the{' '}
                <Link to="/review" search={{ state: 'todo', page: 1 }} className="text-blue-700 underline dark:text-blue-400">
                  review queue
                </Link>
                .
              </>
            }
          />
        }
      >
        {(data) => <DataTable caption="Average QA review score per agent" columns={columns(names)} rows={data.content} getRowId={(s) => s.agentId} />}
      </QueryStates>
    </section>
  );
}
