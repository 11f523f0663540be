import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { DoNotCallPage } from '@/features/do-not-call/components/do-not-call-page';
import { parseDncSearch, type DncSearch } from '@/features/do-not-call/model/search-params';
import { useCan } from '@/lib/session';

export const Route = createFileRoute('/_app/do-not-call/')({
  validateSearch: (raw: Partial<DncSearch> & SearchSchemaInput) => parseDncSearch(raw),
  errorComponent: RouteError,
  component: DoNotCallRoute,
});

function DoNotCallRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const mayManage = useCan('do-not-call:manage');
  return <DoNotCallPage search={search} canManage={mayManage} onSearch={(next) => void navigate({ search: next })} />;
}
