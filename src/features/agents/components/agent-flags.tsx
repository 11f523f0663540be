import type { Agent } from '@contract/schemas/agent';
import { Badge } from '@/components/ui/badge';
import { agentFlags } from '../model/flags';

export function AgentFlags({ agent }: { agent: Pick<Agent, 'active' | 'recordable' | 'archived'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {agentFlags(agent).map((f) => (
        <Badge key={f.label} tone={f.tone}>
          {f.label}
        </Badge>
      ))}
    </span>
  );
}
