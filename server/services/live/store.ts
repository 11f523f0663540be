/**
 * The live board's SQL: the calls the index holds in progress, and the notice the BFF sends for
 * the calls it placed (the index's own notices come from its trigger, migration 031).
 */
import type { Queryable } from '../../../common/db';
import { LIVE_CHANNEL, type LiveCall, type LiveNotice } from '../../../contract/bff/live';

export async function readLiveCalls(db: Queryable, limit: number): Promise<LiveCall[]> {
  const { rows } = await db.query<{ id: string; agent_id: string | null; phone: string; start_time: Date; campaign_name: string | null }>(
    `SELECT id, agent_id, phone, start_time, campaign_name FROM index_calls WHERE status = 'IN_PROGRESS' ORDER BY start_time DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    agentId: r.agent_id,
    phone: r.phone,
    startTime: r.start_time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    campaignName: r.campaign_name,
  }));
}

/** A call the upstream answered for a create, as far as the board needs it. */
interface PlacedCall {
  id?: unknown;
  agentId?: unknown;
  phone?: unknown;
  status?: unknown;
  startTime?: unknown;
}

/**
 * Announces the calls a create placed that are in progress (one notice each, in one statement),
 * so every web process's board shows them before the index syncs. Returns how many.
 */
export async function announcePlaced(db: Queryable, answer: unknown): Promise<number> {
  const a = (answer && typeof answer === 'object' ? answer : {}) as PlacedCall & { calls?: unknown };
  const calls: PlacedCall[] = Array.isArray(a.calls) ? (a.calls as PlacedCall[]) : [a];
  const notices: LiveNotice[] = [];
  for (const c of calls) {
    if (!c || c.status !== 'IN_PROGRESS' || typeof c.id !== 'string' || typeof c.phone !== 'string' || typeof c.startTime !== 'string') continue;
    notices.push({
      kind: 'start',
      placed: true,
      call: { id: c.id, agentId: typeof c.agentId === 'string' ? c.agentId : null, phone: c.phone, startTime: c.startTime, campaignName: null },
    });
  }
  if (notices.length === 0) return 0;
  await db.query(`SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n`, [LIVE_CHANNEL, notices.map((n) => JSON.stringify(n))]);
  return notices.length;
}
