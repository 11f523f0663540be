import { createFileRoute } from '@tanstack/react-router';
import { booleanParam, intParam } from '@/lib/search-params';
import { callFromLists, callQueryOptions, transcriptQueryOptions } from '@/features/calls/api/calls-queries';
import { CallReviewPage } from '@/features/calls/components/call-review-page';
import { RouteError } from '@/components/layout/route-error';
import { afterPaint } from '@/lib/after-paint';
import { idParam } from '@/lib/route-params';

// The QA review panel (its form fields, ~15 KB gzip) loads once the call is on screen and the browser is idle.
const ReviewPanel = afterPaint(() => import('@/features/review/components/review-panel').then((m) => m.ReviewPanel), { idle: true });

/** Where the QA review panel will be, while its code loads: its own "loading" look. */
const reviewPanelPlaceholder = (
  <section aria-busy="true" className="rounded-lg border border-blue-200 p-4 dark:border-blue-900">
    <h2 className="font-semibold">QA review</h2>
    <p className="mt-2 text-sm">Loading the review…</p>
  </section>
);

export interface CallReviewSearch {
  /** A transcript line (its index in the transcript) to open at, with the audio cued there. */
  line?: number;
  /** Opened from the review queue: marking the call reviewed opens the next one. */
  queue?: boolean;
}

export const Route = createFileRoute('/_app/calls/$callId')({
  params: idParam('callId'),
  validateSearch: (raw: Record<string, unknown>): CallReviewSearch => {
    const line = intParam(raw.line, 0, 1_000_000, -1);
    return { ...(line >= 0 ? { line } : {}), ...(booleanParam(raw.queue) ? { queue: true } : {}) };
  },
  loader: ({ context: { queryClient }, params, preload }) => {
    // The transcript is not waited for: it may lag or fail on its own, and the page shows that part's
    // state. A preload (a row hovered or focused in the list) does not fetch it: most rows pointed
    // at are not opened, and a long transcript is the review's heaviest read (ADR 0027).
    if (!preload) void queryClient.prefetchQuery(transcriptQueryOptions(params.callId));
    // A call opened from the list is known already: the review draws at once from the list's copy.
    // That copy is only a stand-in (a call changes status while the list sits on screen), so it
    // counts as stale, however new the list is: the page reads the call again in the background.
    const known = callFromLists(queryClient, params.callId);
    return queryClient.ensureQueryData({ ...callQueryOptions(params.callId), initialData: known, initialDataUpdatedAt: known ? 0 : undefined });
  },
  component: CallReviewRoute,
  // Inside the shell (navigation, the upstream banner), not in place of it.
  errorComponent: RouteError,
});

function CallReviewRoute() {
  const { callId } = Route.useParams();
  const { line, queue } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The QA review is composed in here (features do not import each other).
  return (
    <CallReviewPage
      callId={callId}
      line={line}
      aside={(slot) => (
        <ReviewPanel
          fallback={reviewPanelPlaceholder}
          callId={callId}
          fromQueue={queue === true}
          time={slot.time}
          lines={slot.lines}
          seek={slot.seek}
          onNext={(next) =>
            void (next
              ? navigate({ to: '/calls/$callId', params: { callId: next }, search: { queue: true } })
              : navigate({ to: '/review', search: { state: 'todo', page: 1 } }))
          }
        />
      )}
    />
  );
}
