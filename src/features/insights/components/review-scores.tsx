/**
 * QA review on Insights: per agent, the average rubric score of the reviews marked done for calls
 * of the range (days in the range's zone), how many, and how often two reviewers agreed.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { reviewScoresQueryOptions } from '../api/insights-queries';
import type { InsightsQuery } from '../model/search-params';

export function ReviewScores({ query, names }: { query: InsightsQuery; names: Map<string, string> }) {
  const scores = useQuery(reviewScoresQueryOptions(query));
  return (
    <section aria-labelledby="review-scores-title" className="flex flex-col gap-2">
      <h2 id="review-scores-title" className="font-semibold">
        QA review scores per agent
      </h2>
      {scores.isPending ? (
        <Skeleton className="h-24" />
      ) : scores.isError ? (
        <ErrorState title="Review scores could not be loaded" error={scores.error} onRetry={() => void scores.refetch()} />
      ) : scores.data.content.length === 0 ? (
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
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
          <table className="w-full text-sm">
            <caption className="sr-only">Average QA review score per agent</caption>
            <thead className="bg-slate-50 text-left dark:bg-slate-900">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Agent
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Average score
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Reviews
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Calls reviewed
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Reviewer agreement
                </th>
              </tr>
            </thead>
            <tbody>
              {scores.data.content.map((s) => (
                <tr key={s.agentId} className="border-t border-slate-200 dark:border-slate-800">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {names.get(s.agentId) ?? s.agentId}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{s.averageScore === null ? '—' : `${s.averageScore} / 100`}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.reviews}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.calls}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{s.agreement === null ? 'Not scored twice' : `${Math.round(s.agreement * 100)} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
