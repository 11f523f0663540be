/**
 * The SQL behind /bff/alert-rules and /bff/alerts (server/routes/alerts.ts): the rules as listed,
 * counted, written and deleted, the alerts as paged and read, and each user's bell (the last alert
 * seen). Rows are shaped for the contract by ./rules.ts; evaluation, deliveries and pauses keep
 * their own SQL (./evaluate.ts, ./deliveries.ts, ./pause.ts).
 */
import type { z } from 'zod';
import type { Db, Queryable } from '../../../common/db';
import type { AlertRuleBody } from '../../../contract/bff/alerts';
import { ALERT_SELECT, RULE_SELECT, type AlertRow, type RuleListRow } from './rules';

/** What an update compares: the stored rule's own columns (RuleListRow's, without the joined ones). */
export type PreviousRule = Pick<
  RuleListRow,
  'name' | 'view_name' | 'filter' | 'condition' | 'webhook_url' | 'webhook_secret' | 'pause_campaign_id' | 'pause_set_by' | 'enabled'
>;

/** A checked body's values as stored: the filter read from the view, and the signing secret kept. */
export interface StoredValues {
  filter: Record<string, unknown>;
  secret: string | null;
}

/** Who writes the rule: who sets its auto-pause when it has one. */
export interface RuleEditor {
  username: string;
  userId: number;
}

/**
 * A checked body as the rule's stored columns, $1 to $10 of both the INSERT and the UPDATE: name,
 * view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by,
 * pause_set_by_id, enabled.
 */
const ruleColumns = (body: z.output<typeof AlertRuleBody>, { filter, secret }: StoredValues, s: RuleEditor) => [
  body.name,
  body.viewName,
  JSON.stringify(filter),
  JSON.stringify(body.condition),
  body.webhookUrl,
  secret,
  body.pauseCampaignId,
  body.pauseCampaignId ? s.username : null,
  body.pauseCampaignId ? s.userId : null,
  body.enabled,
];

/** Every rule, by name, with its pause campaign's name and its open alert. */
export async function listRules(db: Queryable): Promise<RuleListRow[]> {
  return (await db.query<RuleListRow>(`${RULE_SELECT} ORDER BY r.name, r.id`)).rows;
}

export async function countRules(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules')).rows[0]!.n;
}

/** A rule's stored columns as an update compares them, or null when there is none. */
export async function previousRule(db: Queryable, id: number): Promise<PreviousRule | null> {
  const { rows } = await db.query<PreviousRule>(
    'SELECT name, view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by, enabled FROM alert_rules WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Inserts a checked rule (its auto-pause, if any, set by the editor now); its id. */
export async function insertRule(db: Queryable, body: z.output<typeof AlertRuleBody>, stored: StoredValues, s: RuleEditor): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alert_rules (name, view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by, pause_set_by_id, pause_set_at, enabled, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $7::uuid IS NULL THEN NULL ELSE now() END, $10, $11) RETURNING id`,
    [...ruleColumns(body, stored, s), s.username],
  );
  return Number(rows[0]!.id);
}

/**
 * Rewrites a rule (its state back to unknown until the next evaluation) and, when it is disabled,
 * clears its open alert, in one transaction. `reattribute`: the auto-pause becomes the editor's.
 */
export async function updateRule(
  db: Db,
  id: number,
  body: z.output<typeof AlertRuleBody>,
  stored: StoredValues,
  s: RuleEditor,
  reattribute: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE alert_rules SET name = $1, view_name = $2, filter = $3, condition = $4, webhook_url = $5, webhook_secret = $6, pause_campaign_id = $7,
             pause_set_by = CASE WHEN $12::boolean THEN $8 WHEN $7::uuid IS NULL THEN NULL ELSE pause_set_by END,
             pause_set_by_id = CASE WHEN $12::boolean THEN $9::int WHEN $7::uuid IS NULL THEN NULL ELSE pause_set_by_id END,
             pause_set_at = CASE WHEN $12::boolean THEN now() WHEN $7::uuid IS NULL THEN NULL ELSE pause_set_at END, enabled = $10, updated_at = now(),
             state = 'unknown', last_evaluated_at = NULL
           WHERE id = $11`,
      [...ruleColumns(body, stored, s), id, reattribute],
    );
    // A disabled rule watches nothing: its open alert ends now.
    if (!body.enabled) await tx.query('UPDATE alerts SET cleared_at = now() WHERE rule_id = $1 AND cleared_at IS NULL', [id]);
  });
}

/** Deletes a rule and clears its open alert, in one transaction; the rule's name, or null when there was none. */
export async function deleteRule(db: Db, id: number): Promise<string | null> {
  const { rows } = await db.transaction(async (tx) => {
    // Its open alert ends with it (kept in the list, with the rule's name).
    await tx.query('UPDATE alerts SET cleared_at = now() WHERE rule_id = $1 AND cleared_at IS NULL', [id]);
    return tx.query<{ name: string }>('DELETE FROM alert_rules WHERE id = $1 RETURNING name', [id]);
  });
  return rows[0]?.name ?? null;
}

/** One page of the alerts, newest first; `open` null: open and cleared alike. */
export async function alertPage(db: Queryable, open: boolean | null, size: number, offset: number): Promise<{ rows: AlertRow[]; total: number }> {
  const { rows } = await db.query<AlertRow & { total: number }>(
    `SELECT x.*, count(*) OVER ()::int AS total FROM (${ALERT_SELECT}) x
        WHERE $1::boolean IS NULL OR ($1 AND x.cleared_at IS NULL) OR (NOT $1 AND x.cleared_at IS NOT NULL)
        ORDER BY x.id DESC LIMIT $2 OFFSET $3`,
    [open, size, offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function readAlert(db: Queryable, id: number): Promise<AlertRow | null> {
  const { rows } = await db.query<AlertRow>(`${ALERT_SELECT} WHERE a.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The bell: how many alerts the user has not seen, and the newest alert's id. */
export async function unreadOf(db: Queryable, userId: number): Promise<{ unread: number; latestId: number | null }> {
  const { rows } = await db.query<{ unread: number; latest: string | null }>(
    `SELECT count(*) FILTER (WHERE a.id > coalesce(s.last_seen_id, 0))::int AS unread, max(a.id) AS latest
         FROM alerts a LEFT JOIN alert_seen s ON s.user_id = $1`,
    [userId],
  );
  return { unread: rows[0]?.unread ?? 0, latestId: rows[0]?.latest ? Number(rows[0].latest) : null };
}

/** The user has seen the alerts up to this one (never moves back). */
export async function markSeen(db: Queryable, userId: number, upTo: number): Promise<void> {
  await db.query(
    `INSERT INTO alert_seen (user_id, last_seen_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET last_seen_id = GREATEST(alert_seen.last_seen_id, EXCLUDED.last_seen_id)`,
    [userId, upTo],
  );
}
