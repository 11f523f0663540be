/**
 * The contact-caps guard of a running campaign (docs/compliance.md, ADR 0050): how many of its kept
 * recipients are over a cap now (read-only, the caps' own counting, no reservation), and the
 * watched view + alert rule with auto-pause that guard it, created once per campaign.
 *
 * "Over a cap now" for a number already in a campaign: its attempts in the window, counting this
 * campaign at its worst case (what the create reserved), are above the cap (`attemptsEach` 0), or
 * it was reached in the quiet period by a call of another campaign or outside one (a number this
 * campaign reached is not called again by it).
 */
import type { Db, Queryable } from '../../../common/db';
import { CAP_GUARD_LIMITS, capGuardName, type CapGuardRule, type CapGuardStatus } from '../../../contract/bff/cap-guard';
import { STATUS_GROUP_STATUSES } from '../../../contract/status-groups';
import { countRules, insertRule } from '../alerts/store';
import { ALERT_LIMITS } from '../../../contract/bff/alerts';
import { readCaps, screenCaps } from './contact-caps';
import { writeView } from '../workspace/workspace';

export interface GuardedCampaign {
  id: string;
  name: string;
  agentId: string;
}

/** The registry's campaign (created here), or null. */
export async function registryCampaign(db: Queryable, id: string): Promise<GuardedCampaign | null> {
  const { rows } = await db.query<{ id: string; name: string; agent_id: string }>('SELECT id, name, agent_id FROM campaigns WHERE id = $1', [id]);
  return rows[0] ? { id: rows[0].id, name: rows[0].name, agentId: rows[0].agent_id } : null;
}

/** The guard of a campaign: the rule that pauses it under the guard's name. */
export async function readGuard(db: Queryable, c: GuardedCampaign): Promise<CapGuardRule | null> {
  const { rows } = await db.query<{ id: string; name: string; view_name: string }>(
    'SELECT id, name, view_name FROM alert_rules WHERE pause_campaign_id = $1 AND name = $2 ORDER BY id LIMIT 1',
    [c.id, capGuardName(c.name, c.id)],
  );
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name, viewName: rows[0].view_name } : null;
}

/** How many of the campaign's kept recipients are over a cap now, by kind, and its guard. */
export async function capGuardStatus(db: Queryable, id: string): Promise<CapGuardStatus> {
  const caps = await readCaps(db);
  const capsSet = caps.attempts !== null || caps.quietDays > 0;
  const c = await registryCampaign(db, id);
  const empty = { capsSet, known: c !== null, recipients: 0, overCap: 0, attempts: 0, quiet: 0, guard: null };
  if (!c) return empty;
  const guard = await readGuard(db, c);
  if (!capsSet) return { ...empty, guard };
  const { rows } = await db.query<{ phone: string }>(
    'SELECT phone FROM campaign_recipients WHERE campaign_id = $1 AND skip_reason IS NULL ORDER BY phone LIMIT $2',
    [c.id, CAP_GUARD_LIMITS.recipientsMax],
  );
  const phones = rows.map((r) => r.phone);
  const { skipped } = await screenCaps(db, phones, 0, caps);
  const quietPhones = skipped.filter((s) => s.kind === 'quiet').map((s) => s.phone);
  let quiet = new Set<string>();
  if (quietPhones.length > 0) {
    // Reached by another campaign's call (or one outside a campaign) in the quiet period.
    const other = await db.query<{ phone: string }>(
      `SELECT DISTINCT phone FROM index_calls
        WHERE phone = ANY($1::text[]) AND status = ANY($2::text[]) AND start_time >= now() - make_interval(days => $3::int)
          AND NOT (campaign_name IS NOT DISTINCT FROM $4 AND agent_id = $5::uuid)`,
      [quietPhones, STATUS_GROUP_STATUSES.reached, caps.quietDays, c.name, c.agentId],
    );
    quiet = new Set(other.rows.map((r) => r.phone));
  }
  const attempts = skipped.filter((s) => s.kind === 'attempts').length;
  return { capsSet, known: true, recipients: phones.length, overCap: attempts + quiet.size, attempts, quiet: quiet.size, guard };
}

/** The calls list's search a guard's view holds: the campaign's calls (name and agent). */
export const guardSearch = (c: GuardedCampaign) => ({ campaignName: c.name, agentId: c.agentId });

/**
 * Creates the campaign's guard, once: the user's saved view of its calls and a rule over it that
 * pauses it on any call in the window. Under one advisory lock per campaign, in one transaction,
 * so two clicks (on any instance) create one rule; the second finds it.
 */
export async function createGuard(
  db: Db,
  c: GuardedCampaign,
  user: { userId: number; username: string },
  filter: Record<string, unknown>,
): Promise<{ created: boolean; guard: CapGuardRule } | 'full'> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('cap_guard:' || $1))", [c.id]);
    const existing = await readGuard(tx, c);
    if (existing) return { created: false, guard: existing };
    const name = capGuardName(c.name, c.id);
    if ((await countRules(tx)) >= ALERT_LIMITS.rulesMax) return 'full';
    // The user's view under the guard's name holds the campaign's calls (rewritten if it held else).
    await writeView(tx, user.userId, name, JSON.stringify(guardSearch(c)));
    const id = await insertRule(
      tx,
      {
        name,
        viewName: name,
        condition: { kind: 'count', statuses: [], windowMinutes: CAP_GUARD_LIMITS.windowMinutes, atLeast: 1 },
        webhookUrl: null,
        webhookSecret: undefined,
        pauseCampaignId: c.id,
        enabled: true,
      },
      { filter, secret: null },
      user,
    );
    return { created: true, guard: { id, name, viewName: name } };
  });
}
