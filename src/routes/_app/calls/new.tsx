import { createFileRoute } from '@tanstack/react-router';
import { WritePage } from '@/components/auth/can';
import { PlaceCallsPage } from '@/features/calls/components/place-calls-page';

export const Route = createFileRoute('/_app/calls/new')({
  component: PlaceCallsRoute,
});

function PlaceCallsRoute() {
  return (
    <WritePage permission="calls:write" action="place calls" title="Place calls">
      <PlaceCallsPage />
    </WritePage>
  );
}
