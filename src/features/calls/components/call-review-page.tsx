/**
 * One call: its heading, then on wide screens two columns: the recording and the transcript lead (a
 * line click seeks; the line being played is highlighted), and a side column holds the facts, what
 * the call learned and the QA review, in sections that fold. Narrow: one column, the transcript
 * first. Tolerant of missing parts.
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
import { formatDuration } from '@/lib/duration';
import { CallStatusBadge } from '@/components/status/call-status-badge';
import type { CallReviewSlot } from './call-review-body';
import { CallReviewBody } from './call-review-code';
import { REVIEW_COLUMNS, REVIEW_REGIONS } from './review-regions';
import { ReviewSection } from './review-section';
import { PhoneLink } from '@/components/phone/phone-link';
import { PageTitle } from '@/components/layout/page-title';

export type { CallReviewSlot } from './call-review-body';

const LIVE_REFRESH_MS = 5_000;

// The do-not-call status (and its one-click action) is a status line that appears when known.
const DoNotCallAction = afterPaint(() => import('./do-not-call-action').then((m) => m.DoNotCallAction), { idle: true });

/**
 * The review's body while its code loads: room for the player and the transcript (56rem: a recorded
 * call's, ~900 px, so the facts below them on a narrow screen and the footer do not jump), and the
 * side column with the facts where the body draws them.
 */
function bodyPlaceholder(facts: ReactNode) {
  return (
    <>
      <div aria-busy="true" className={`${REVIEW_COLUMNS.main} min-h-[56rem]`} />
      <div className={REVIEW_COLUMNS.side}>
        <section id={REVIEW_REGIONS.details} tabIndex={-1} aria-label="Call details" className={REVIEW_COLUMNS.details}>
          {facts}
        </section>
      </div>
    </>
  );
}

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

  // The facts head the side column (the body draws them there; its placeholder too, so they stay put).
  const facts = (
    <ReviewSection title="Facts">
      {/* Its room is kept for a role that gets the button, so the facts do not move when it comes. */}
      <div className={mayManage ? 'mb-3 min-h-8' : 'mb-3 empty:mb-0'}>
        <DoNotCallAction callId={call.id} phone={call.phone} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-2">
        <Fact term="Phone">
          <PhoneLink phone={call.phone} />
        </Fact>
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
    </ReviewSection>
  );

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to="/calls" className="text-sm text-blue-700 underline dark:text-blue-400">
          ← Calls
        </Link>
        <PageTitle title={`Call with ${call.phone}`} />
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-xl font-semibold">
          Call with <span className="font-mono">{call.phone}</span> <CallStatusBadge status={call.status} />
        </h1>
        {/* The transcript has a control per line: without these, the QA review is ~70 Tabs away. */}
        <nav aria-label="Parts of this call" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <SkipTo target={REVIEW_REGIONS.transcript}>Skip to transcript</SkipTo>
          {aside ? <SkipTo target={REVIEW_REGIONS.qa}>Skip to QA review</SkipTo> : null}
          <SkipTo target={REVIEW_REGIONS.details}>Skip to call details</SkipTo>
        </nav>
      </div>
      <div className={REVIEW_COLUMNS.grid}>
        <CallReviewBody fallback={bodyPlaceholder(facts)} call={call} line={line} aside={aside} facts={facts} />
      </div>
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
