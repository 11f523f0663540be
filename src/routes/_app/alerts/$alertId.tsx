import { createFileRoute, Link } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { NotFound } from '@/components/layout/not-found';
import { AlertDetail } from '@/features/alerts/components/alert-detail';

export const Route = createFileRoute('/_app/alerts/$alertId')({
  errorComponent: RouteError,
  component: AlertRoute,
});

function AlertRoute() {
  const { alertId } = Route.useParams();
  const id = /^[1-9]\d{0,15}$/.test(alertId) ? Number(alertId) : null;
  return (
    <div className="grid gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/alerts" search={{ page: 1, show: 'all' }} className="text-blue-800 hover:underline dark:text-blue-300">
          Alerts
        </Link>
      </nav>
      {id === null ? <NotFound /> : <AlertDetail alertId={id} />}
    </div>
  );
}
