import { HEADERS } from '../../contract/limits';
import type { BulkCallCreate } from '../../contract/schemas/calls-create';
import { placeCall, usage } from '../domain/place-call';
import { serialise, type SimState } from '../state';
import { insertCalls, toCall, type CallRow } from '../store/rows';
import { callableAgent, campaignRef } from './calls';
import type { HandlerContext } from './context';
import { ApiError } from './errors';

/** The X-CallRateLimit headers: the concurrency limit and the free slots left. */
export async function rateLimitHeaders(state: SimState, customerId: string | null): Promise<Record<string, string>> {
  const { rows } = customerId
    ? await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls WHERE customer_id = $1 AND status = 'IN_PROGRESS'`, [customerId])
    : await state.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls WHERE status = 'IN_PROGRESS'`);
  const live = rows[0]?.n ?? 0;
  return {
    [HEADERS.callRateLimitLimit]: String(state.limits.maxConcurrency),
    [HEADERS.callRateLimitRemaining]: String(Math.max(0, state.limits.maxConcurrency - live)),
  };
}

export async function bulkCalls({ state, caller, body }: HandlerContext<unknown, unknown, BulkCallCreate>) {
  const agent = await callableAgent(state, caller.customerId, body.agentId);
  const campaign = await campaignRef(state, caller.customerId, body.campaignId);
  const calls = await serialise(state, async () => {
    const now = state.clock.now();
    const { live } = await usage(state.db, caller.customerId, now);
    const free = Math.max(0, state.limits.maxConcurrency - live);
    if (body.recipients.length > free) {
      throw new ApiError(429, `Only ${free} concurrent call slots are free; the request has ${body.recipients.length} recipients. Nothing was created.`, [], {
        'Retry-After': '30',
      });
    }
    const rows: CallRow[] = [];
    for (const r of body.recipients) {
      // Each placement sees the earlier ones of this request (quota per call).
      const row = await placeCall(state.db, { agent, phone: r.phone, context: r.context, segmentationTags: r.segmentationTags, campaign }, now, {
        maxConcurrency: Number.MAX_SAFE_INTEGER,
        dailyQuota: state.limits.dailyQuota - rows.filter((x) => x.status !== 'REJECTED_LIMIT_REACHED').length,
      });
      rows.push(row);
    }
    await insertCalls(state.db, rows);
    state.callsVersion += 1;
    return rows;
  });
  return { calls: calls.map(toCall) };
}
