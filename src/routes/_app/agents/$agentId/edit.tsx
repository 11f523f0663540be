import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Breadcrumb, crumbLinkClasses } from '@/components/layout/breadcrumb';
import { PageSkeleton } from '@/components/ui/skeleton';
import { agentQueryOptions } from '@/features/agents/api/agents-queries';
import { AgentEditFormView } from '@/features/agents/components/agent-edit-form';
import { WritePage } from '@/components/auth/can';
import { idParam } from '@/lib/route-params';
import { PageTitle } from '@/components/layout/page-title';

export const Route = createFileRoute('/_app/agents/$agentId/edit')({
  params: idParam('agentId'),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(agentQueryOptions(params.agentId)),
  pendingComponent: () => <PageSkeleton label="Loading agent" blocks={['h-64 w-full max-w-xl']} />,
  pendingMs: 150,
  errorComponent: RouteError,
  component: EditAgentPage,
});

function EditAgentPage() {
  const { agentId } = Route.useParams();
  const { data: agent } = useSuspenseQuery(agentQueryOptions(agentId));
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <Breadcrumb current="Edit">
        <Link to="/agents" className={crumbLinkClasses}>
          Agents
        </Link>
        <Link to="/agents/$agentId" params={{ agentId }} className={crumbLinkClasses}>
          {agent.name}
        </Link>
      </Breadcrumb>
      <PageTitle title={`Edit ${agent.name}`} />
      <h1 className="text-2xl font-semibold">Edit {agent.name}</h1>
      <WritePage permission="agents:write" action="edit agents">
        <AgentEditFormView key={agent.id} agent={agent} onDone={() => navigate({ to: '/agents/$agentId', params: { agentId } })} />
      </WritePage>
    </div>
  );
}
