import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, type SearchSchemaInput } from '@tanstack/react-router';
import { WritePage } from '@/components/auth/can';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { RouteError } from '@/components/layout/route-error';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageSkeleton } from '@/components/ui/skeleton';
import { alertRulesQueryOptions } from '@/features/alerts/api/alerts';
import { WatchViewForm } from '@/features/alerts/components/watch-form';
import { parseWatchSearch, type WatchSearch } from '@/features/alerts/model/search-params';

export const Route = createFileRoute('/_app/alerts/watch')({
  validateSearch: (raw: WatchSearch & SearchSchemaInput) => parseWatchSearch(raw),
  errorComponent: RouteError,
  component: WatchRoute,
});

function WatchRoute() {
  return (
    <div className="grid gap-4">
      <Breadcrumb>
        <Link to="/alerts" search={{ page: 1, show: 'open' }} className={crumbLinkClasses}>
          Alerts
        </Link>
      </Breadcrumb>
      <WritePage permission="alerts:manage" action="watch views (every role reads the alerts)" title="Watch a view">
        <WatchContent />
      </WritePage>
    </div>
  );
}

function WatchContent() {
  const { view, rule: ruleId } = Route.useSearch();
  const rules = useQuery({ ...alertRulesQueryOptions(), enabled: ruleId !== undefined });
  if (ruleId === undefined) return <WatchViewForm viewName={view ?? ''} />;
  if (rules.isPending) return <PageSkeleton label="Loading the rule" blocks={['h-64 w-full max-w-3xl']} />;
  if (rules.isError) return <ErrorState title="The rule could not be loaded" error={rules.error} onRetry={() => void rules.refetch()} />;
  const rule = rules.data.find((r) => r.id === ruleId);
  return rule ? (
    <WatchViewForm key={rule.id} viewName={rule.viewName} rule={rule} />
  ) : (
    <EmptyState title="No such rule" description="It may have been deleted." />
  );
}
