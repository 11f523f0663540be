import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { AlertsPage, type AlertsSearch } from '@/features/alerts/components/alerts-page';
import { parseAlertsSearch } from '@/features/alerts/model/search-params';
import { useCan } from '@/lib/session';

export const Route = createFileRoute('/_app/alerts/')({
  validateSearch: (raw: Partial<AlertsSearch> & SearchSchemaInput) => parseAlertsSearch(raw),
  errorComponent: RouteError,
  component: AlertsRoute,
});

function AlertsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const mayManage = useCan('alerts:manage');
  return <AlertsPage search={search} canManage={mayManage} onSearch={(next) => void navigate({ search: next })} />;
}
