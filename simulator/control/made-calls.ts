/**
 * POST /_sim/calls: a finished, recorded call made to measure, for benches and tests that need a
 * transcript of a given length and a recording of a given duration (served by the normal /v1 routes);
 * optionally TRANSFERRED, with a given (or no) summary, some extracted fields left empty, or to a
 * number written as given.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { buildCallRow } from '../domain/place-call';
import { hash, rng } from '../domain/random';
import { ApiError, badRequest } from '../http/errors';
import type { SimState } from '../state';
import { insertCalls, type AgentRow } from '../store/rows';

export const MadeCallBody = z.strictObject({
  durationSeconds: z.int().min(1).max(3600),
  transcriptEntries: z.int().min(1).max(5000),
  agentId: z.uuid().optional(),
  /** Ended as TRANSFERRED rather than COMPLETED. */
  status: z.enum(['COMPLETED', 'TRANSFERRED']).optional(),
  /** The summary to carry instead of the generated one (null: none). */
  summary: z.string().max(2000).nullable().optional(),
  /** Top-level extracted fields to blank (the classifiers stay as generated). */
  emptyExtracted: z.array(z.string().max(100)).max(50).optional(),
  /** The number as the upstream writes it (any form, e.g. `+330699887766`); default by language. */
  phone: z.string().min(1).max(64).optional(),
});
export type MadeCallBody = z.infer<typeof MadeCallBody>;

/** The given agent of the customer (it must be recordable), or its first recordable agent by name. */
async function recordableAgent(state: SimState, customerId: string, agentId: string | undefined): Promise<AgentRow> {
  if (agentId) {
    const { rows } = await state.db.query<AgentRow>('SELECT * FROM agents WHERE id = $1 AND customer_id = $2', [agentId, customerId]);
    const agent = rows[0];
    if (!agent) throw badRequest([{ field: 'agentId', rejectedValue: agentId, message: 'No agent with this id for the seeded customer.' }]);
    if (!agent.recordable) throw badRequest([{ field: 'agentId', rejectedValue: agentId, message: 'The agent does not record its calls.' }]);
    return agent;
  }
  const { rows } = await state.db.query<AgentRow>('SELECT * FROM agents WHERE customer_id = $1 AND recordable ORDER BY name, id LIMIT 1', [customerId]);
  if (!rows[0]) throw new ApiError(409, 'The seeded customer has no recordable agent.');
  return rows[0];
}

export async function makeCall(state: SimState, customerId: string, body: MadeCallBody): Promise<{ id: string }> {
  const agent = await recordableAgent(state, customerId, body.agentId);
  const id = randomUUID();
  const end = new Date(Math.floor(state.clock.nowMs() / 1000) * 1000);
  const start = new Date(end.getTime() - body.durationSeconds * 1000);
  const language = agent.doc.profile.language;
  const row = buildCallRow(
    {
      agent,
      phone: body.phone ?? (language === 'fr' ? '+33612345678' : '+14155550100'),
      context: { firstName: 'Alex', prenom: 'Alex' },
      type: agent.type,
    },
    { random: rng(hash(id)), id, start, status: body.status ?? 'COMPLETED', finished: true },
  );
  row.end_time = row.planned_end = end;
  row.duration = body.durationSeconds;
  row.doc.transcriptEntries = body.transcriptEntries;
  if (body.summary !== undefined) row.doc.summary = body.summary as string;
  for (const name of body.emptyExtracted ?? []) {
    if (name in row.doc.extractedData) row.doc.extractedData[name] = '';
    row.doc.extractors = row.doc.extractors.map((e) => (e.name === name ? { ...e, value: [] } : e));
  }
  await insertCalls(state.db, [row]);
  state.callsVersion += 1;
  return { id };
}
