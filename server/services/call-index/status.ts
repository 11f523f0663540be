/** The index's status read and per-campaign progress: what the console shows next to index data. */
import type { Queryable } from '../../../common/db';
import type { CampaignProgress, IndexStatus } from '../../../contract/bff/index';
import { STATUS_GROUP_STATUSES, STATUS_GROUPS } from '../../../contract/status-groups';
import { toUtcTimestamp } from '../../../contract/timestamps';
import { readSyncState, type StoredRate } from './store';

export interface StatusContext {
  enabled: boolean;
  backfillDays: number;
  intervalMs: number;
  /** This instance holds the sync lock. */
  leading: boolean;
  now?: Date;
}

export async function indexStatus(db: Queryable, ctx: StatusContext): Promise<IndexStatus> {
  const now = ctx.now ?? new Date();
  // One row: the counts are the worker's, taken as it writes (never three scans of the index per request).
  const state = await readSyncState(db);
  const c = state.counts ?? { calls: 0, transcripts: 0, pending: 0 };
  // Another instance syncs while its heartbeat is fresher than two intervals (it writes one per pass).
  const active = ctx.leading || (!!state.syncerSeenAt && now.getTime() - state.syncerSeenAt.getTime() < 2 * ctx.intervalMs + 5000);
  const since = state.backfillSince ?? new Date(now.getTime() - (ctx.backfillDays - 1) * 86_400_000).toISOString().slice(0, 10);
  const recentError = state.lastError && (!state.lastSuccessAt || Date.parse(state.lastError.at) > state.lastSuccessAt.getTime());
  return {
    state: !ctx.enabled ? 'disabled' : !state.backfillSince ? 'starting' : !state.backfillComplete ? 'backfilling' : recentError ? 'degraded' : 'live',
    indexedAt: state.indexedAt?.toISOString() ?? null,
    lagSeconds: state.indexedAt ? Math.max(0, Math.round((now.getTime() - state.indexedAt.getTime()) / 1000)) : null,
    lastSuccessAt: state.lastSuccessAt?.toISOString() ?? null,
    calls: c.calls,
    transcripts: c.transcripts,
    transcriptsPending: c.pending,
    countedAt: state.countedAt?.toISOString() ?? null,
    rate: rateOf(state.rate),
    backfill: { windowDays: ctx.backfillDays, since, complete: state.backfillComplete },
    lastError: state.lastError,
    syncer: { active, thisInstance: ctx.leading },
  };
}

/** The request rate the worker's index reader uses and the last 429 it met, as the status says it. */
function rateOf(rate: StoredRate | null): IndexStatus['rate'] {
  return rate
    ? {
        perSecond: rate.perSecond,
        max: rate.max,
        lastLimitAt: rate.lastLimit ? new Date(rate.lastLimit.at).toISOString() : null,
        lastLimitPerSecond: rate.lastLimit?.perSecond ?? null,
        at: rate.at,
      }
    : null;
}

/** Progress of registry campaigns (all, or the given ids): their calls in the index by status group. */
export async function campaignProgress(db: Queryable, ids?: string[]): Promise<CampaignProgress[]> {
  const params: unknown[] = [];
  const groupCounts = STATUS_GROUPS.map((g) => {
    params.push(STATUS_GROUP_STATUSES[g]);
    return `count(c.id) FILTER (WHERE c.status = ANY($${params.length}::text[]))::int AS "n_${g}"`;
  }).join(', ');
  let filter = '';
  if (ids?.length) {
    params.push(ids);
    filter = `WHERE r.id = ANY($${params.length}::uuid[])`;
  }
  const { rows } = await db.query<
    Record<string, unknown> & { id: string; name: string; calls: number; phones: number; last: Date | null; recipients: number | null }
  >(
    // One query for any number of campaigns (the list's page of ids): no query per campaign.
    `SELECT r.id, r.name, r.recipients, count(c.id)::int AS calls, count(DISTINCT c.phone)::int AS phones, max(c.start_time) AS last, ${groupCounts}
       FROM campaigns r LEFT JOIN index_calls c ON c.campaign_name = r.name
       ${filter}
      GROUP BY r.id, r.name, r.recipients, r.created_at ORDER BY r.created_at DESC, r.id DESC`,
    params,
  );
  return rows.map((r) => ({
    campaignId: r.id,
    campaignName: r.name,
    calls: r.calls,
    groups: Object.fromEntries(STATUS_GROUPS.map((g) => [g, Number(r[`n_${g}`] ?? 0)])) as CampaignProgress['groups'],
    recipientsCalled: r.phones,
    recipients: r.recipients,
    remaining: r.recipients === null ? null : Math.max(0, r.recipients - r.phones),
    lastCallAt: r.last ? toUtcTimestamp(new Date(r.last)) : null,
  }));
}
