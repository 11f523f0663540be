/**
 * The do-not-call list against campaigns already created. The list is checked when a campaign is
 * created (screenCreate); the upstream cannot take a number out of a campaign afterwards. So the
 * BFF keeps, per campaign it created, the numbers it sent (`campaign_recipients`, E.164; pruned
 * with the campaign's age, server/services/retention.ts), and:
 * - a number added to the list (by a person, an import or a rule) names the campaigns that hold
 *   it, with their status upstream, so the person is told at once and offered a pause;
 * - a campaign whose create raced an addition (listed after the check, before the campaign
 *   existed) is checked again once it exists: its answer names the numbers, the audit records it.
 * Both sides write first and read after, each in its own committed statement, so of two that race
 * at least one sees the other. Every recipient was unlisted when it was sent, so a campaign that
 * holds a listed number holds one listed since its creation.
 */
import type { Queryable } from '../../../common/db';
import type { DncHoldingCampaign, DncListedDuring } from '../../../contract/bff/do-not-call';
import { dncSkipReason } from '../../../contract/bff/do-not-call';
import type { Ctx } from '../../context';
import { campaignUpstream } from '../campaigns/upstream';
import { findListed, listedForm } from './list';

/** At most this many campaigns are named (and read upstream) per answer; the newest first. */
export const HOLDING_MAX = 20;

/** Keeps the numbers a created campaign was sent with; returns those listed by now (the race). */
export async function keepRecipients(db: Queryable, campaignId: string, phones: readonly string[]): Promise<DncListedDuring[]> {
  const forms = [...new Set(phones.map(listedForm).filter((p) => p !== ''))];
  if (forms.length === 0) return [];
  await db.query(`INSERT INTO campaign_recipients (campaign_id, phone) SELECT $1, p FROM unnest($2::text[]) AS p ON CONFLICT DO NOTHING`, [campaignId, forms]);
  const listed = await findListed(db, forms);
  return [...listed.values()].map((entry) => ({ phone: entry.phone, reason: dncSkipReason(entry) }));
}

/** Keeps the numbers the do-not-call list left out of a created campaign, with why (its recipients table shows them skipped). */
export async function keepSkipped(db: Queryable, campaignId: string, skipped: readonly { phone: string; reason: string }[]): Promise<void> {
  const rows = skipped.map((s) => ({ phone: listedForm(s.phone), reason: s.reason })).filter((s) => s.phone !== '');
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO campaign_recipients (campaign_id, phone, skip_reason) SELECT $1, t.phone, t.reason FROM unnest($2::text[], $3::text[]) AS t(phone, reason)
     ON CONFLICT DO NOTHING`,
    [campaignId, rows.map((r) => r.phone), rows.map((r) => r.reason)],
  );
}

interface HoldingRow {
  id: string;
  name: string;
  phones: string[];
}

/**
 * The campaigns that hold any of these listed numbers (null: any listed number), newest first, by
 * the registry alone. The numbers are in the list's own form, as its rows hold them (every caller
 * has them from the list): normalising 5,000 of them again was ~60 ms of the event loop per import.
 */
export async function holdingInRegistry(db: Queryable, phones: readonly string[] | null): Promise<HoldingRow[]> {
  const forms = phones === null ? null : [...new Set(phones)];
  if (forms !== null && forms.length === 0) return [];
  const { rows } = await db.query<HoldingRow>(
    `SELECT c.id::text AS id, c.name, array_agg(r.phone ORDER BY r.phone) AS phones
       FROM campaign_recipients r
       JOIN do_not_call d ON d.phone = r.phone
       JOIN campaigns c ON c.id = r.campaign_id
      WHERE r.skip_reason IS NULL AND ($1::text[] IS NULL OR r.phone = ANY($1::text[]))
      GROUP BY c.id, c.name, c.created_at
      ORDER BY c.created_at DESC, c.id
      LIMIT ${HOLDING_MAX}`,
    [forms],
  );
  return rows;
}

/** The campaigns that hold these listed numbers (null: any), with their status; cancelled ones left out. */
export async function holdingCampaigns(ctx: Pick<Ctx, 'db' | 'broker' | 'upstream'>, phones: readonly string[] | null): Promise<DncHoldingCampaign[]> {
  const rows = await holdingInRegistry(ctx.db, phones);
  const statuses = await Promise.all(rows.map(async (r) => (await campaignUpstream(ctx, r.id))?.status ?? null));
  return rows.map((r, i) => ({ id: r.id, name: r.name, status: statuses[i]!, phones: r.phones })).filter((c) => c.status !== 'CANCELLED');
}

/** "in 2 campaigns: Spring, Renewals" for an audit row (names only, no numbers). */
export const holdingOutcome = (campaigns: readonly { name: string }[]): string =>
  campaigns.length === 0 ? '' : `; in ${campaigns.length} campaign${campaigns.length === 1 ? '' : 's'}: ${campaigns.map((c) => `"${c.name}"`).join(', ')}`;
