/**
 * Placing an outbound call: limits first (concurrency, then the daily quota), then an IN_PROGRESS
 * call whose outcome and duration are drawn now and revealed when the clock reaches its end.
 */
import { randomUUID } from 'node:crypto';
import type { CallStatus } from '../../contract/enums';
import type { Queryable } from '../../common/db';
import type { AgentRow, CallRow } from '../store/rows';
import type { Outcome } from './agent-profile';
import { buildContent } from './call-content';
import { between, hash, rng, weighted } from './random';

/** Seconds a call with this outcome lasts: [min, max]. */
export const DURATIONS: Record<Outcome, [number, number]> = {
  COMPLETED: [60, 300],
  TRANSFERRED: [45, 200],
  NO_ANSWER: [20, 40],
  VOICE_BOX: [25, 60],
  UNREACHABLE: [3, 10],
  FAILED: [2, 15],
  REJECTED: [4, 15],
  FAILOVER: [5, 20],
  CANCELED: [3, 20],
};

export interface CallRequest {
  agent: AgentRow;
  phone: string;
  context?: Record<string, unknown>;
  segmentationTags?: string[];
  campaign?: { id: string; name: string } | null;
  recipientIdx?: number | null;
  type?: 'INBOUND' | 'OUTBOUND';
  anonymous?: boolean;
}

export interface DrawOptions {
  random: () => number;
  id: string;
  start: Date;
  /** Force a status (seed coverage); otherwise drawn from the agent's outcomes. */
  status?: CallStatus;
  /** Finished calls (seed) are written terminal; live ones IN_PROGRESS. */
  finished: boolean;
}

/** Builds the row of a call; does not check limits. */
export function buildCallRow(req: CallRequest, opts: DrawOptions): CallRow {
  const { agent, phone } = req;
  const profile = agent.doc.profile;
  const status: CallStatus = opts.status ?? weighted(opts.random, profile.outcomes as Record<Outcome, number>);
  const rejected = status === 'REJECTED_LIMIT_REACHED' || status === 'REJECTED_MAX_CONCURRENCY';
  const range = rejected ? [0, 0] : (DURATIONS[status as Outcome] ?? [30, 120]);
  const duration = between(opts.random, range[0]!, range[1]!);
  const end = new Date(opts.start.getTime() + duration * 1000);
  const type = req.type ?? 'OUTBOUND';
  const content = buildContent(opts.random, status, agent.doc.configuration, profile, req.segmentationTags ?? []);
  const terminalNow = opts.finished || rejected;
  return {
    id: opts.id,
    customer_id: agent.customer_id,
    agent_id: agent.id,
    phone,
    type,
    status: terminalNow ? status : 'IN_PROGRESS',
    start_time: opts.start,
    end_time: terminalNow ? end : null,
    duration: terminalNow ? duration : null,
    created: opts.start,
    campaign_id: req.campaign?.id ?? null,
    campaign_name: req.campaign?.name ?? null,
    recipient_idx: req.recipientIdx ?? null,
    planned_status: status,
    planned_end: end,
    doc: {
      ...content,
      anonymous: req.anonymous ?? false,
      recorded: agent.recordable && !rejected,
      context: { ...(req.context ?? {}), system: { phone, callId: opts.id, agentId: agent.id, direction: type } } as CallRow['doc']['context'],
      liveTags: [...(req.segmentationTags ?? [])],
    },
  };
}

export interface LimitState {
  maxConcurrency: number;
  dailyQuota: number;
}

/** How many outbound calls are live, and how many were placed today (UTC), for a customer. */
export async function usage(db: Queryable, customerId: string, now: Date): Promise<{ live: number; today: number }> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await db.query<{ live: number; today: number }>(
    `SELECT
       (SELECT count(*) FROM calls WHERE customer_id = $1 AND status = 'IN_PROGRESS')::int AS live,
       (SELECT count(*) FROM calls WHERE customer_id = $1 AND created >= $2 AND type = 'OUTBOUND')::int AS today`,
    [customerId, dayStart],
  );
  return rows[0] ?? { live: 0, today: 0 };
}

/** A live outbound call, or one refused for limits (REJECTED_MAX_CONCURRENCY / REJECTED_LIMIT_REACHED). */
export async function placeCall(db: Queryable, req: CallRequest, now: Date, limits: LimitState): Promise<CallRow> {
  const { live, today } = await usage(db, req.agent.customer_id, now);
  const id = randomUUID();
  const random = rng(hash(id));
  const status: CallStatus | undefined =
    live >= limits.maxConcurrency ? 'REJECTED_MAX_CONCURRENCY' : today >= limits.dailyQuota ? 'REJECTED_LIMIT_REACHED' : undefined;
  return buildCallRow(req, { random, id, start: now, status, finished: false });
}
