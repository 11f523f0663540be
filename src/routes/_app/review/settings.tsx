import { createFileRoute } from '@tanstack/react-router';
import { REVIEW_ADMIN_ROLES } from '@contract/bff/review';
import { RouteError } from '@/components/layout/route-error';
import { ReviewSettingsPage } from '@/features/review/components/review-settings-page';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/_app/review/settings')({
  errorComponent: RouteError,
  component: ReviewSettingsRoute,
});

function ReviewSettingsRoute() {
  const { role } = useSession();
  return <ReviewSettingsPage isAdmin={REVIEW_ADMIN_ROLES.includes(role)} />;
}
