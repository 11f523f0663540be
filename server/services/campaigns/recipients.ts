/**
 * A campaign's recipients and funnel (docs/outcomes.md). The upstream never returns a campaign's
 * recipients; the BFF keeps the numbers it sent for each campaign it created (campaign_recipients,
 * written only once the create succeeded, so a failed create leaves none), and those the
 * do-not-call list left out, with why. Each number's state is joined from the call index by phone,
 * campaign name and agent in one grouped query, with the outcomes its calls met
 * (index_call_outcomes): nothing is evaluated per request. A number is one row per campaign (its
 * primary key), however often it was listed.
 */
import type { Queryable } from '../../../common/db';
import { CONTACT_LIMITS, type ContactRecipientOf } from '../../../contract/bff/contacts';
import type { Ctx } from '../../context';
import { campaignUpstream } from './upstream';
import type { CampaignOutcomeCounts, CampaignRecipient, CampaignRecipients, RecipientState, SplitFunnel } from '../../../contract/bff/outcomes';
import { campaignEnded, RECIPIENT_STATES } from '../../../contract/bff/outcomes';
import type { CallStatus } from '../../../contract/enums';
import { STATUS_GROUP_STATUSES } from '../../../contract/status-groups';

export interface CampaignFacts {
  id: string;
  name: string;
  agentId: string;
  retry: { max: number; delay: number; retryOn: readonly CallStatus[] };
  /** The campaign's status upstream now: one that ended (CANCELLED) places no more calls. */
  status: string;
}

interface Row {
  phone: string;
  skip_reason: string | null;
  attempts: number;
  reached: boolean;
  last_status: CallStatus | null;
  last_id: string | null;
  last_at: Date | null;
  last_end: Date | null;
  outcomes: string[];
  listed: boolean;
}

export const NOT_CREATED_HERE =
  'This campaign was not created through Switchboard. The Voice API never returns a campaign’s recipients, so only its calls are shown.';
export const NONE_KEPT =
  'Switchboard keeps no recipients for this campaign: it was created before they were kept, or they were erased (on request, or after the retention period). Only its calls are shown.';

/**
 * The state of one number from its calls in the campaign, the retry policy and the campaign's
 * status: in a campaign that ended (cancelled), a number not yet called or waiting for a retry will
 * never be called, so it is `ended`, not waiting.
 */
export function stateOf(r: Row, retry: CampaignFacts['retry'], now: Date, campaignStatus = 'ACTIVE'): { state: RecipientState; nextRetryAround: Date | null } {
  if (r.skip_reason !== null) return { state: 'skipped', nextRetryAround: null };
  if (r.outcomes.length > 0) return { state: 'outcome', nextRetryAround: null };
  if (r.reached) return { state: 'reached', nextRetryAround: null };
  const ended = campaignEnded(campaignStatus);
  if (r.attempts === 0 || r.last_status === null) return { state: ended ? 'ended' : 'notCalled', nextRetryAround: null };
  if (r.last_status === 'IN_PROGRESS') return { state: 'inProgress', nextRetryAround: null };
  if (!retry.retryOn.includes(r.last_status)) return { state: 'notRetried', nextRetryAround: null };
  if (r.attempts >= retry.max + 1) return { state: 'retriesExhausted', nextRetryAround: null };
  if (ended) return { state: 'ended', nextRetryAround: null };
  // An estimate: the upstream schedules retries (inside the campaign's windows), not Switchboard.
  const from = r.last_end ?? r.last_at ?? now;
  return { state: 'waitingRetry', nextRetryAround: new Date(from.getTime() + retry.delay * 60_000) };
}

/** The campaign's recipients with their states and its funnel; `known: false` with why when none are kept. */
export async function campaignRecipients(db: Queryable, c: CampaignFacts, opts: { now: Date; retentionDays: number }): Promise<CampaignRecipients> {
  const { rows: registry } = await db.query<{ created_at: Date; split_id: string | null }>('SELECT created_at, split_id FROM campaigns WHERE id = $1', [c.id]);
  if (!registry[0]) return { known: false, reason: NOT_CREATED_HERE };
  const { rows: outcomes } = await db.query<{ id: number; name: string }>(
    'SELECT id, name FROM outcomes WHERE campaign_name = $1 OR agent_id = $2::uuid ORDER BY name, id',
    [c.name, c.agentId],
  );
  const { rows } = await db.query<Row>(
    `SELECT r.phone, r.skip_reason,
            count(DISTINCT c.id)::int AS attempts,
            coalesce(bool_or(c.status = ANY($4::text[])), false) AS reached,
            (array_agg(c.status ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_status,
            (array_agg(c.id::text ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_id,
            max(c.start_time) AS last_at,
            (array_agg(c.end_time ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_end,
            coalesce(array_agg(DISTINCT o.name) FILTER (WHERE o.name IS NOT NULL), '{}') AS outcomes,
            EXISTS (SELECT 1 FROM do_not_call d WHERE d.phone = r.phone) AS listed
       FROM campaign_recipients r
       LEFT JOIN index_calls c ON c.phone = r.phone AND c.campaign_name = $2 AND c.agent_id = $3::uuid
       LEFT JOIN index_call_outcomes co ON co.call_id = c.id AND co.outcome_id = ANY($5::int[])
       LEFT JOIN outcomes o ON o.id = co.outcome_id
      WHERE r.campaign_id = $1
      GROUP BY r.phone, r.skip_reason
      ORDER BY r.phone`,
    [c.id, c.name, c.agentId, STATUS_GROUP_STATUSES.reached, outcomes.map((o) => o.id)],
  );
  if (rows.length === 0) return { known: false, reason: NONE_KEPT };

  const states = Object.fromEntries(RECIPIENT_STATES.map((s) => [s, 0])) as Record<RecipientState, number>;
  const perOutcome = new Map(outcomes.map((o) => [o.name, 0]));
  const recipients: CampaignRecipient[] = rows.map((r) => {
    const { state, nextRetryAround } = stateOf(r, c.retry, opts.now, c.status);
    states[state] += 1;
    for (const name of r.outcomes) perOutcome.set(name, (perOutcome.get(name) ?? 0) + 1);
    return {
      phone: r.phone,
      state,
      attempts: r.attempts,
      lastStatus: r.last_status,
      lastCallAt: r.last_at ? new Date(r.last_at).toISOString() : null,
      lastCallId: r.last_id,
      nextRetryAround: nextRetryAround?.toISOString() ?? null,
      outcomes: r.outcomes,
      skipReason: r.skip_reason,
      listedNow: r.listed,
    };
  });
  const sent = rows.filter((r) => r.skip_reason === null);
  const keptUntil = new Date(new Date(registry[0].created_at).getTime() + opts.retentionDays * 86_400_000);
  return {
    known: true,
    funnel: {
      recipients: sent.length,
      attempted: sent.filter((r) => r.attempts > 0).length,
      reached: sent.filter((r) => r.reached).length,
      outcomes: outcomes.map((o) => ({ id: o.id, name: o.name, recipients: perOutcome.get(o.name) ?? 0 })),
      skipped: rows.length - sent.length,
      ended: states.ended,
    },
    recipients,
    states,
    retry: { max: c.retry.max, delay: c.retry.delay, retryOn: [...c.retry.retryOn] },
    keptUntil: keptUntil.toISOString(),
    campaignStatus: c.status,
    split: registry[0].split_id ? await splitFunnel(db, registry[0].split_id) : null,
  };
}

/**
 * The funnel over every part of one split list (campaigns sharing a split id): distinct phone
 * numbers, each part's calls joined by its own name and agent, so a number sent in two parts is one
 * person, attempted or reached if any part's call was.
 */
export async function splitFunnel(db: Queryable, splitId: string): Promise<SplitFunnel> {
  const { rows: parts } = await db.query<{ id: string; name: string }>(
    'SELECT id::text AS id, name FROM campaigns WHERE split_id = $1 ORDER BY created_at, id',
    [splitId],
  );
  const { rows } = await db.query<{ people: number; sent: number; attempted: number; reached: number }>(
    `WITH parts AS (SELECT id, name, agent_id FROM campaigns WHERE split_id = $1),
          sent AS (SELECT r.phone FROM campaign_recipients r JOIN parts p ON p.id = r.campaign_id WHERE r.skip_reason IS NULL),
          calls AS (SELECT r.phone, c.status FROM campaign_recipients r JOIN parts p ON p.id = r.campaign_id
                      JOIN index_calls c ON c.phone = r.phone AND c.campaign_name = p.name AND c.agent_id = p.agent_id
                     WHERE r.skip_reason IS NULL)
     SELECT (SELECT count(DISTINCT phone)::int FROM sent) AS people,
            (SELECT count(*)::int FROM sent) AS sent,
            (SELECT count(DISTINCT phone)::int FROM calls) AS attempted,
            (SELECT count(DISTINCT phone)::int FROM calls WHERE status = ANY($2::text[])) AS reached`,
    [splitId, STATUS_GROUP_STATUSES.reached],
  );
  const { rows: outcomes } = await db.query<{ id: number; name: string; recipients: number }>(
    `WITH parts AS (SELECT id, name, agent_id FROM campaigns WHERE split_id = $1)
     SELECT o.id, o.name,
            (SELECT count(DISTINCT r.phone)::int FROM parts p
               JOIN campaign_recipients r ON r.campaign_id = p.id AND r.skip_reason IS NULL
               JOIN index_calls c ON c.phone = r.phone AND c.campaign_name = p.name AND c.agent_id = p.agent_id
               JOIN index_call_outcomes co ON co.call_id = c.id AND co.outcome_id = o.id
              WHERE o.campaign_name = p.name OR o.agent_id = p.agent_id) AS recipients
       FROM outcomes o
      WHERE EXISTS (SELECT 1 FROM parts p WHERE o.campaign_name = p.name OR o.agent_id = p.agent_id)
      ORDER BY o.name, o.id`,
    [splitId],
  );
  const r = rows[0]!;
  return { parts, people: r.people, sent: r.sent, attempted: r.attempted, reached: r.reached, outcomes };
}

/** Erases the numbers kept for a campaign (on request); how many were erased. */
export async function eraseRecipients(db: Queryable, campaignId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM campaign_recipients WHERE campaign_id = $1', [campaignId]);
  return rowCount;
}

/**
 * For the campaigns list: per registry campaign, the recipients kept (sent) and, for each outcome of
 * the campaign or its agent, the recipients whose calls met it; one query for the page.
 */
export async function outcomeCountsOf(db: Queryable, ids: readonly string[]): Promise<CampaignOutcomeCounts[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; recipients: number; outcomes: { id: number; name: string; recipients: number }[] }>(
    `SELECT k.id::text AS id,
            (SELECT count(*)::int FROM campaign_recipients r WHERE r.campaign_id = k.id AND r.skip_reason IS NULL) AS recipients,
            coalesce((SELECT json_agg(json_build_object('id', o.id, 'name', o.name, 'recipients', (
                        SELECT count(DISTINCT r.phone)::int FROM campaign_recipients r
                          JOIN index_calls c ON c.phone = r.phone AND c.campaign_name = k.name AND c.agent_id = k.agent_id
                          JOIN index_call_outcomes co ON co.call_id = c.id AND co.outcome_id = o.id
                         WHERE r.campaign_id = k.id AND r.skip_reason IS NULL)) ORDER BY o.name, o.id)
                        FROM outcomes o WHERE o.campaign_name = k.name OR o.agent_id = k.agent_id), '[]'::json) AS outcomes
       FROM campaigns k WHERE k.id = ANY($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ campaignId: id, recipients: r.recipients > 0 ? r.recipients : null, outcomes: r.outcomes }] : [];
  });
}

/**
 * The contact page's campaigns created here that were sent this number (E.164), newest first, at
 * most CONTACT_LIMITS.recipientOf, each with the number's state there as its recipients table says
 * it (one grouped query, then each campaign read upstream for its retry policy and status).
 */
export async function contactRecipientOf(ctx: Pick<Ctx, 'db' | 'broker' | 'upstream'>, phone: string, now: Date): Promise<ContactRecipientOf[]> {
  const { rows } = await ctx.db.query<Row & { campaign_id: string; campaign_name: string }>(
    `SELECT k.id::text AS campaign_id, k.name AS campaign_name, r.phone, r.skip_reason,
            count(DISTINCT c.id)::int AS attempts,
            coalesce(bool_or(c.status = ANY($2::text[])), false) AS reached,
            (array_agg(c.status ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_status,
            (array_agg(c.id::text ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_id,
            max(c.start_time) AS last_at,
            (array_agg(c.end_time ORDER BY c.start_time DESC, c.id DESC) FILTER (WHERE c.id IS NOT NULL))[1] AS last_end,
            coalesce(array_agg(DISTINCT o.name) FILTER (WHERE o.name IS NOT NULL), '{}') AS outcomes,
            false AS listed
       FROM campaign_recipients r
       JOIN campaigns k ON k.id = r.campaign_id
       LEFT JOIN index_calls c ON c.phone = r.phone AND c.campaign_name = k.name AND c.agent_id = k.agent_id
       LEFT JOIN index_call_outcomes co ON co.call_id = c.id
       LEFT JOIN outcomes o ON o.id = co.outcome_id AND (o.campaign_name = k.name OR o.agent_id = k.agent_id)
      WHERE r.phone = $1
      GROUP BY k.id, k.name, k.created_at, r.phone, r.skip_reason
      ORDER BY k.created_at DESC, k.id
      LIMIT $3`,
    [phone, STATUS_GROUP_STATUSES.reached, CONTACT_LIMITS.recipientOf],
  );
  const facts = await Promise.all(rows.map((r) => campaignUpstream(ctx, r.campaign_id)));
  return rows.map((r, i) => {
    const f = facts[i];
    // A campaign read without a status is taken as running (stateOf's default): its status shows as unknown.
    const s = f ? stateOf(r, f.retry, now, f.status ?? undefined) : null;
    return {
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      campaignStatus: f?.status ?? null,
      state: s?.state ?? null,
      attempts: r.attempts,
      nextRetryAround: s?.nextRetryAround?.toISOString() ?? null,
      skipReason: r.skip_reason,
      outcomes: r.outcomes,
    };
  });
}
