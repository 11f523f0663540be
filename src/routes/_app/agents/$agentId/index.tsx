import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { HrefLink } from '@/components/layout/href-link';
import { RouteError } from '@/components/layout/route-error';
import { buttonClasses } from '@/components/ui/button';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { PageSkeleton } from '@/components/ui/skeleton';
import { agentQueryOptions } from '@/features/agents/api/agents-queries';
import { AgentDetail } from '@/features/agents/components/agent-detail';
import { Can } from '@/components/auth/can';
import { idParam } from '@/lib/route-params';
import { PageTitle } from '@/components/layout/page-title';

export const Route = createFileRoute('/_app/agents/$agentId/')({
  params: idParam('agentId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(agentQueryOptions(params.agentId)),
  pendingComponent: () => <PageSkeleton label="Loading agent" blocks={['h-8 w-72', 'h-48 w-full']} />,
  pendingMs: 150,
  errorComponent: RouteError,
  component: AgentPage,
});

function AgentPage() {
  const { agentId } = Route.useParams();
  const { data: agent } = useSuspenseQuery(agentQueryOptions(agentId));
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumb current={agent.name}>
        <Link to="/agents" className={crumbLinkClasses}>
          Agents
        </Link>
      </Breadcrumb>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title={agent.name} />
        <h1 className="text-2xl font-semibold">{agent.name}</h1>
        <div className="flex items-center gap-2">
          <HrefLink href={`/calls?agentId=${encodeURIComponent(agent.id)}`} className={buttonClasses('secondary')}>
            Calls of this agent
          </HrefLink>
          <Can permission="agents:write">
            <Link to="/agents/$agentId/edit" params={{ agentId }} className={buttonClasses('primary')}>
              Edit agent
            </Link>
          </Can>
        </div>
      </div>
      <AgentDetail agent={agent} />
    </div>
  );
}
