/**
 * Which agents may place calls (docs/api-assumptions.md): an OUTBOUND agent, active and not
 * archived. The simulator refuses the others with these sentences; the console offers only these.
 * Zod-free, so the first chunk may use it.
 */
import type { AGENT_TYPES } from './enums.plain';

export interface CallableFacts {
  type: (typeof AGENT_TYPES)[number];
  active: boolean;
  archived: boolean;
}

/** Why this agent cannot place calls, as a sentence; null when it can. */
export function whyNotCallable(agent: CallableFacts): string | null {
  if (agent.type !== 'OUTBOUND') return 'The agent must be an OUTBOUND agent.';
  if (!agent.active) return 'The agent is not active.';
  if (agent.archived) return 'The agent is archived.';
  return null;
}

export function isCallableAgent(agent: CallableFacts): boolean {
  return whyNotCallable(agent) === null;
}
