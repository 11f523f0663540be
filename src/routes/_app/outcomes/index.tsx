import { createFileRoute } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { TableSkeleton } from '@/components/ui/skeleton';
import { outcomesQueryOptions } from '@/lib/shared-queries/outcomes';
import { OutcomesPage } from '@/features/outcomes/components/outcomes-page';
import { allAgentsQueryOptions } from '@/lib/shared-queries/agents';

export const Route = createFileRoute('/_app/outcomes/')({
  loader: ({ context }) =>
    Promise.all([context.queryClient.ensureQueryData(outcomesQueryOptions()), context.queryClient.prefetchQuery(allAgentsQueryOptions())]),
  pendingComponent: () => <TableSkeleton label="Loading outcomes" />,
  errorComponent: RouteError,
  component: OutcomesPage,
});
