/** The agent edit form: one schema from the contract's AgentPatch pieces, no retyped limits. */
import { z } from 'zod';
import { AgentPatch, type Agent } from '@contract/schemas/agent';

const fields = AgentPatch.shape;

export const AgentEditForm = z.object({
  name: fields.name.unwrap(),
  active: fields.active.unwrap(),
  recordable: fields.recordable.unwrap(),
  archived: fields.archived.unwrap(),
});
export type AgentEditForm = z.infer<typeof AgentEditForm>;

export function editDefaults(agent: Agent): AgentEditForm {
  return { name: agent.name, active: agent.active, recordable: agent.recordable, archived: agent.archived };
}

/** Only what changed goes in the PATCH (the upstream applies a partial update). */
export function toPatch(agent: Agent, values: AgentEditForm): AgentPatch {
  const patch: AgentPatch = {};
  const name = values.name.trim();
  if (name !== agent.name) patch.name = name;
  if (values.active !== agent.active) patch.active = values.active;
  if (values.recordable !== agent.recordable) patch.recordable = values.recordable;
  if (values.archived !== agent.archived) patch.archived = values.archived;
  return patch;
}

/** Archiving hides the agent from new calls and campaigns: it asks first. */
export function needsArchiveConfirmation(agent: Agent, patch: AgentPatch): boolean {
  return patch.archived === true && !agent.archived;
}
