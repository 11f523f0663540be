/**
 * One call: header facts, the recording and the transcript side by side (a line click seeks; the
 * line being played is highlighted), then what the call learned. Tolerant of missing parts.
 *
 * The first paint is the heading and the facts (this module); the rest of the review (player,
 * transcript, panels, the composed QA panel) is call-review-body.tsx, whose code loads once they are
 * on screen, or was loaded on intent (a row hovered in the list) or when the list was idle.
 */
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';
import { useCan } from '@/lib/session';
import { afterPaint } from '@/lib/after-paint';
import { callQueryOptions } from '../api/calls-queries';
import { DateTime } from '@/components/ui/date-time';
import { formatDuration } from '../model/format';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import type { CallReviewSlot } from './call-review-body';
import { CallReviewBody } from './call-review-code';
import { REVIEW_REGIONS } from './review-regions';

export type { CallReviewSlot } from './call-review-body';

const LIVE_REFRESH_MS = 5_000;

// The do-not-call status (and its one-click action) is a status line that appears when known.
const DoNotCallAction = afterPaint(() => import('./do-not-call-action').then((m) => m.DoNotCallAction), { idle: true });

/** Where the review's body will be while its code loads: room for it, so the footer does not jump. */
const bodyPlaceholder = <div aria-busy="true" className="min-h-[60vh]" />;

/**
 * `line`: a transcript line to open at (from a search hit): marked, scrolled to, the audio cued there.
 * `aside`: a panel a route composes in (the QA review), given the player and the transcript lines.
 */
export function CallReviewPage({ callId, line, aside }: { callId: string; line?: number; aside?: (slot: CallReviewSlot) => ReactNode }) {
  // A live call refreshes until it ends; its transcript grows and its recording appears then.
  const { data: call } = useSuspenseQuery({
    ...callQueryOptions(callId),
    refetchInterval: (q) => (q.state.data?.status === 'IN_PROGRESS' ? LIVE_REFRESH_MS : false),
  });
  const agents = useQuery(allAgentsQueryOptions());
  const mayManage = useCan('do-not-call:manage');
  const agent = agents.data?.find((a) => a.id === call.agentId);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/calls" className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Calls
        </Link>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-xl font-semibold">
          Call with <span className="font-mono">{call.phone}</span> <CallStatusBadge status={call.status} />
        </h1>
        {/* Its room is kept for a role that gets the button, so the facts and the body do not move when it comes. */}
        <div className={mayManage ? 'mt-2 min-h-8' : 'mt-2'}>
          <DoNotCallAction callId={call.id} phone={call.phone} />
        </div>
        {/* The transcript has a control per line: without these, the QA review is ~70 Tabs away. */}
        <nav aria-label="Parts of this call" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <SkipTo target={REVIEW_REGIONS.transcript}>Skip to transcript</SkipTo>
          {aside ? <SkipTo target={REVIEW_REGIONS.qa}>Skip to QA review</SkipTo> : null}
          <SkipTo target={REVIEW_REGIONS.details}>Skip to call details</SkipTo>
        </nav>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-4 text-sm sm:grid-cols-3 lg:grid-cols-5 dark:border-slate-800">
        <Fact term="Phone">{call.phone}</Fact>
        <Fact term="Agent">{agent ? agent.name : agents.isPending ? '…' : call.agentId}</Fact>
        <Fact term="Type">{call.type === 'OUTBOUND' ? 'Outbound' : 'Inbound'}</Fact>
        <Fact term="Status">
          <CallStatusBadge status={call.status} />
        </Fact>
        <Fact term="Duration">{formatDuration(call.duration)}</Fact>
        <Fact term="Start">
          <When utc={call.startTime} />
        </Fact>
        <Fact term="End">{call.endTime ? <When utc={call.endTime} /> : 'Not ended'}</Fact>
        <Fact term="Anonymous">{call.anonymous ? 'Yes' : 'No'}</Fact>
        <Fact term="Recorded">{call.recorded ? 'Yes' : 'No'}</Fact>
        <Fact term="Created">
          <When utc={call.created} />
        </Fact>
      </dl>

      <CallReviewBody fallback={bodyPlaceholder} call={call} line={line} aside={aside} />
    </div>
  );
}

/** A link that moves the focus to a region of the page (the next Tab goes on from there). */
function SkipTo({ target, children }: { target: string; children: ReactNode }) {
  return (
    <a
      href={`#${target}`}
      className="text-blue-700 underline dark:text-blue-400"
      onClick={(e) => {
        const region = document.getElementById(target);
        if (!region) return;
        e.preventDefault();
        region.focus();
        region.scrollIntoView({ block: 'start' });
      }}
    >
      {children}
    </a>
  );
}

function When({ utc }: { utc: string }) {
  return <DateTime value={utc} />;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
