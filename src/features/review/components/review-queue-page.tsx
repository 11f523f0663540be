/**
 * /review: the review queue. "To do" is mine (calls I have not marked reviewed), in the order they
 * entered the queue; "Start reviewing" opens the first on the call review, where one key moves on.
 * State and page are in the URL. Admins reach the rubrics, sampling rules and checks from here.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { QueueItem } from '@contract/bff/review';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateTime } from '@/components/ui/date-time';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryStates } from '@/components/ui/query-states';
import { Pagination } from '@/components/ui/pagination';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { TableSkeleton } from '@/components/ui/skeleton';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { queueQueryOptions, REVIEW_EXPORT_URL } from '../api/review-api';
import type { QueueTab, ReviewQueueSearch } from '../model/search-params';
import { PageTitle } from '@/components/layout/page-title';

const TAB_LABELS: Record<QueueTab, string> = { todo: 'To do', reviewed: 'Reviewed by me', all: 'All' };

export function ReviewQueuePage({ search, isAdmin, onSearch }: { search: ReviewQueueSearch; isAdmin: boolean; onSearch: (next: ReviewQueueSearch) => void }) {
  const queue = useQuery(queueQueryOptions(search.state, search.page));
  const agents = useQuery(allAgentsQueryOptions());
  const agentName = (id: string) => agents.data?.find((a) => a.id === id)?.name ?? id;
  const first = search.state === 'todo' ? queue.data?.content[0] : undefined;

  const columns: Column<QueueItem>[] = [
    {
      id: 'call',
      header: 'Call',
      cell: (q) => (
        <Link to="/calls/$callId" params={{ callId: q.callId }} search={{ queue: true }} className="font-mono text-blue-700 underline dark:text-blue-400">
          {q.phone}
        </Link>
      ),
    },
    { id: 'agent', header: 'Agent', cell: (q) => agentName(q.agentId) },
    { id: 'status', header: 'Status', cell: (q) => <CallStatusBadge status={q.status} /> },
    { id: 'start', header: 'Start', cell: (q) => <DateTime value={q.startTime} /> },
    {
      id: 'why',
      header: 'Why',
      cell: (q) => (
        <ul className="flex flex-wrap gap-1">
          {q.sources.map((s) => (
            <li key={s.ruleId}>
              <Badge tone={s.kind === 'check' ? 'amber' : 'neutral'}>{s.kind === 'check' ? `Flagged: ${s.rule}` : `Sampled: ${s.rule}`}</Badge>
            </li>
          ))}
        </ul>
      ),
    },
    { id: 'reviews', header: 'Reviews', align: 'right', cell: (q) => `${q.reviews}${q.reviewedByMe ? ' (incl. mine)' : ''}` },
  ];

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <PageTitle title="Review queue" />
          <h1 className="text-xl font-semibold">Review queue</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Calls picked by sampling rules and flagged by automatic checks. Score each against its agent&apos;s rubric; press N on a call to mark it reviewed
            and open the next.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {first ? (
            <Link to="/calls/$callId" params={{ callId: first.callId }} search={{ queue: true }} className={buttonClasses('primary')}>
              Start reviewing
            </Link>
          ) : null}
          <a href={REVIEW_EXPORT_URL} download className={buttonClasses('secondary')}>
            Export reviews (CSV)
          </a>
          {isAdmin ? (
            <Link to="/review/settings" className={buttonClasses('secondary')}>
              Rubrics and rules
            </Link>
          ) : null}
        </div>
      </div>

      <SegmentedControl
        label="Show"
        value={search.state}
        options={(Object.keys(TAB_LABELS) as QueueTab[]).map((value) => ({ value, label: TAB_LABELS[value] }))}
        onValueChange={(state) => onSearch({ state, page: 1 })}
      />

      <QueryStates
        query={queue}
        loading={<TableSkeleton label="Loading the review queue" />}
        pendingLabel="Loading the review queue"
        errorTitle="The review queue could not be loaded"
        isEmpty={(data) => data.content.length === 0}
        empty={
          <EmptyState
            title={search.state === 'todo' ? 'Nothing left to review' : search.state === 'reviewed' ? 'You have not reviewed a call yet' : 'The queue is empty'}
            description={
              isAdmin
                ? 'Sampling rules and automatic checks fill the queue from the call index: add them under "Rubrics and rules".'
                : 'Calls appear here when an admin adds sampling rules or automatic checks.'
            }
          />
        }
      >
        {(data) => (
          <>
            <DataTable caption="Calls to review" columns={columns} rows={data.content} getRowId={(q) => q.callId} rowLabel={(q) => `Call with ${q.phone}`} />
            <Pagination of={{ ...data, page: search.page }} noun="calls" onChange={(next) => onSearch({ ...search, page: next.page })} />
          </>
        )}
      </QueryStates>
    </div>
  );
}
