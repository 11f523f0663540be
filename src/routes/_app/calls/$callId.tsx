import { createFileRoute } from '@tanstack/react-router';
import { callQueryOptions, transcriptQueryOptions } from '@/features/calls/api/calls-queries';
import { CallReviewPage } from '@/features/calls/components/call-review-page';
import { RouteError } from '@/components/layout/route-error';

export const Route = createFileRoute('/_app/calls/$callId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(callQueryOptions(params.callId)),
      // The transcript may fail on its own; the page shows that part's error.
      context.queryClient.prefetchQuery(transcriptQueryOptions(params.callId)),
    ]),
  component: CallReviewRoute,
  // Inside the shell (navigation, the upstream banner), not in place of it.
  errorComponent: RouteError,
});

function CallReviewRoute() {
  const { callId } = Route.useParams();
  return <CallReviewPage callId={callId} />;
}
