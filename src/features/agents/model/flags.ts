import type { Agent } from '@contract/schemas/agent';

export type FlagTone = 'green' | 'neutral' | 'blue' | 'amber';

/** An agent's flags as words to show as badges (a person reads state, not colour). */
export function agentFlags(agent: Pick<Agent, 'active' | 'recordable' | 'archived'>): { label: string; tone: FlagTone }[] {
  const flags: { label: string; tone: FlagTone }[] = [agent.active ? { label: 'Active', tone: 'green' } : { label: 'Inactive', tone: 'neutral' }];
  if (agent.recordable) flags.push({ label: 'Recording', tone: 'blue' });
  if (agent.archived) flags.push({ label: 'Archived', tone: 'amber' });
  return flags;
}
