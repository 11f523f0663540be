import { createFileRoute } from '@tanstack/react-router';
import { useCan } from '@/lib/session';
import { PlaceCallsPage } from '@/features/calls/components/place-calls-page';

export const Route = createFileRoute('/_app/calls/new')({
  component: PlaceCallsRoute,
});

function PlaceCallsRoute() {
  return <PlaceCallsPage allowed={useCan('calls:write')} />;
}
