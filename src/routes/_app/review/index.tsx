import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { ReviewQueuePage } from '@/features/review/components/review-queue-page';
import { parseReviewQueueSearch, type ReviewQueueSearch } from '@/features/review/model/search-params';
import { useCan } from '@/lib/session';

export const Route = createFileRoute('/_app/review/')({
  validateSearch: (raw: Partial<ReviewQueueSearch> & SearchSchemaInput) => parseReviewQueueSearch(raw),
  errorComponent: RouteError,
  component: ReviewQueueRoute,
});

function ReviewQueueRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const mayManage = useCan('review:admin');
  return <ReviewQueuePage search={search} isAdmin={mayManage} onSearch={(next) => void navigate({ search: next })} />;
}
