/** Editing an agent: optimistic in every cached view of it, rolled back if the upstream refuses. */
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Agent, AgentPatch } from '@contract/schemas/agent';
import type { PageOf } from '@contract/schemas/page';
import { bffWrite } from '@/lib/api-client';
import { agentKeys } from './keys';

export function patchAgent(id: string, patch: AgentPatch): Promise<Agent> {
  return bffWrite<Agent>('patchAgent', { id, body: patch }).then((r) => r.data);
}

type Snapshot = [QueryKey, unknown][];

/** Applies the patch to the cached detail and to every cached list page holding the agent. */
export function applyOptimistic(queryClient: QueryClient, id: string, patch: AgentPatch): Snapshot {
  const snapshot: Snapshot = [
    ...queryClient.getQueriesData({ queryKey: agentKeys.lists() }),
    [agentKeys.detail(id), queryClient.getQueryData(agentKeys.detail(id))],
  ];
  queryClient.setQueryData<Agent>(agentKeys.detail(id), (old) => (old ? { ...old, ...patch } : old));
  queryClient.setQueriesData<PageOf<Agent>>({ queryKey: agentKeys.lists() }, (old) =>
    old ? { ...old, content: old.content.map((a) => (a.id === id ? { ...a, ...patch } : a)) } : old,
  );
  return snapshot;
}

export function useUpdateAgent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AgentPatch) => patchAgent(id, patch),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: agentKeys.all });
      return { snapshot: applyOptimistic(queryClient, id, patch) };
    },
    onError: (_error, _patch, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (agent) => {
      queryClient.setQueryData(agentKeys.detail(id), agent);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
