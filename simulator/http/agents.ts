import type { AgentPatch } from '../../contract/schemas/agent';
import { parseSort, type AgentListQuery } from '../../contract/queries';
import type { Queryable } from '../../common/db';
import { toAgent, type AgentRow } from '../store/rows';
import type { HandlerContext } from './context';
import { notFound } from './errors';
import { pageOf } from '../../contract/schemas/page';

const AGENT_COLUMNS: Record<string, string> = { name: 'name', type: 'type', active: 'active', recordable: 'recordable', archived: 'archived' };

export async function findAgent(db: Queryable, customerId: string, id: string): Promise<AgentRow | null> {
  const { rows } = await db.query<AgentRow>('SELECT * FROM agents WHERE id = $1 AND customer_id = $2', [id, customerId]);
  return rows[0] ?? null;
}

export async function listAgents({ state, caller, query }: HandlerContext<unknown, AgentListQuery>) {
  const { property, direction } = parseSort(query.sort);
  const where = ['customer_id = $1'];
  const params: unknown[] = [caller.customerId];
  if (query.type) {
    params.push(query.type);
    where.push(`type = $${params.length}`);
  }
  const column = AGENT_COLUMNS[property] ?? 'name';
  const { rows } = await state.db.query<AgentRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM agents WHERE ${where.join(' AND ')}
     ORDER BY ${column} ${direction}, id ${direction} LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    params,
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    const count = await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM agents WHERE ${where.join(' AND ')}`, params);
    total = count.rows[0]?.n ?? 0;
  }
  return pageOf(rows.map(toAgent), query, total);
}

export async function getAgent({ state, caller, params }: HandlerContext<{ id: string }>) {
  const agent = await findAgent(state.db, caller.customerId, params.id);
  if (!agent) throw notFound('Agent');
  return toAgent(agent);
}

export async function patchAgent({ state, caller, params, body }: HandlerContext<{ id: string }, unknown, AgentPatch>) {
  const agent = await findAgent(state.db, caller.customerId, params.id);
  if (!agent) throw notFound('Agent');
  const next = { ...agent, ...body };
  await state.db.query('UPDATE agents SET name = $2, active = $3, recordable = $4, archived = $5 WHERE id = $1', [
    agent.id,
    next.name,
    next.active,
    next.recordable,
    next.archived,
  ]);
  return toAgent(next);
}
