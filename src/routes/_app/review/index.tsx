import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { REVIEW_ADMIN_ROLES } from '@contract/bff/review';
import { RouteError } from '@/components/layout/route-error';
import { ReviewQueuePage } from '@/features/review/components/review-queue-page';
import { parseReviewQueueSearch, type ReviewQueueSearch } from '@/features/review/model/search-params';
import { useSession } from '@/lib/session';

export const Route = createFileRoute('/_app/review/')({
  validateSearch: (raw: Partial<ReviewQueueSearch> & SearchSchemaInput) => parseReviewQueueSearch(raw),
  errorComponent: RouteError,
  component: ReviewQueueRoute,
});

function ReviewQueueRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { role } = useSession();
  return <ReviewQueuePage search={search} isAdmin={REVIEW_ADMIN_ROLES.includes(role)} onSearch={(next) => void navigate({ search: next })} />;
}
