import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { RouteError } from '@/components/layout/route-error';
import { Skeleton } from '@/components/ui/skeleton';
import { agentQueryOptions } from '@/features/agents/api/agents-queries';
import { AgentEditFormView } from '@/features/agents/components/agent-edit-form';
import { WritePage } from '@/components/auth/can';

export const Route = createFileRoute('/_app/agents/$agentId/edit')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(agentQueryOptions(params.agentId)),
  pendingComponent: () => (
    <div role="status">
      <span className="sr-only">Loading agent…</span>
      <Skeleton className="h-64 w-full max-w-xl" />
    </div>
  ),
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
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/agents" className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
          Agents
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to="/agents/$agentId" params={{ agentId }} className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
          {agent.name}
        </Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">Edit</span>
      </nav>
      <h1 className="text-2xl font-semibold">Edit {agent.name}</h1>
      <WritePage scope="agents:write" action="edit agents">
        <AgentEditFormView key={agent.id} agent={agent} onDone={() => navigate({ to: '/agents/$agentId', params: { agentId } })} />
      </WritePage>
    </div>
  );
}
