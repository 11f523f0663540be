import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { ReviewSettingsPage } from '@/features/review/components/review-settings-page';

export const Route = createFileRoute('/_app/review/settings')({
  errorComponent: RouteError,
  component: ReviewSettingsRoute,
});

function ReviewSettingsRoute() {
  return <ReviewSettingsPage />;
}
