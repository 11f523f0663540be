/** Rows of the alert tables as the contract's shapes (contract/bff/alerts.ts). */
import type { Queryable } from '../../../common/db';
import {
  ALERT_CAMPAIGNS_MAX,
  AlertCondition,
  type Alert,
  type AlertCampaign,
  type AlertRule,
  type Delivery,
  type PauseInfo,
} from '../../../contract/bff/alerts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export interface RuleListRow {
  id: string;
  name: string;
  view_name: string;
  filter: Record<string, unknown>;
  condition: unknown;
  webhook_url: string | null;
  webhook_secret: string | null;
  pause_campaign_id: string | null;
  pause_campaign_name: string | null;
  pause_set_by: string | null;
  enabled: boolean;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  state: AlertRule['state'];
  last_value: number | null;
  last_evaluated_at: Date | null;
  open_alert_id: string | null;
}

export const RULE_SELECT = `SELECT r.*, c.name AS pause_campaign_name, a.id AS open_alert_id
  FROM alert_rules r
  LEFT JOIN campaigns c ON c.id = r.pause_campaign_id
  LEFT JOIN alerts a ON a.rule_id = r.id AND a.cleared_at IS NULL`;

/** A URL's host (and port): what those who may not edit a rule see of its webhook. */
export const webhookHost = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '(not a URL)';
  }
};

/** `mayEdit`: the reader may edit rules and sees the whole webhook URL; others see its host only. */
export function toRule(r: RuleListRow, mayEdit: boolean): AlertRule {
  return {
    id: Number(r.id),
    name: r.name,
    viewName: r.view_name,
    filter: r.filter,
    condition: AlertCondition.parse(r.condition),
    webhookUrl: mayEdit ? r.webhook_url : null,
    webhookHost: r.webhook_url === null ? null : webhookHost(r.webhook_url),
    webhookSecretSet: r.webhook_secret !== null,
    pauseCampaignId: r.pause_campaign_id,
    pauseCampaignName: r.pause_campaign_name,
    pauseSetBy: r.pause_set_by,
    enabled: r.enabled,
    createdBy: r.created_by,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    state: r.enabled ? r.state : 'unknown',
    lastValue: r.last_value === null ? null : Number(r.last_value),
    lastEvaluatedAt: iso(r.last_evaluated_at),
    openAlertId: r.open_alert_id === null ? null : Number(r.open_alert_id),
  };
}

export async function readRule(db: Queryable, id: number, mayEdit: boolean): Promise<AlertRule | null> {
  const { rows } = await db.query<RuleListRow>(`${RULE_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toRule(rows[0], mayEdit) : null;
}

export interface AlertRow {
  id: string;
  rule_id: string | null;
  rule_name: string;
  view_name: string;
  summary: string;
  value: number;
  opened_at: Date;
  cleared_at: Date | null;
  pause_state: PauseInfo['state'];
  pause_campaign_id: string | null;
  pause_campaign_name: string | null;
  pause_set_by: string | null;
  pause_attempts: number;
  pause_error: string | null;
  pause_next_at: Date | null;
  paused_at: Date | null;
  d_total: number;
  d_delivered: number;
  d_failed: number;
}

export const ALERT_SELECT = `SELECT a.*, c.name AS pause_campaign_name,
    (SELECT count(*)::int FROM alert_deliveries d WHERE d.alert_id = a.id) AS d_total,
    (SELECT count(*)::int FROM alert_deliveries d WHERE d.alert_id = a.id AND d.state = 'delivered') AS d_delivered,
    (SELECT count(*)::int FROM alert_deliveries d WHERE d.alert_id = a.id AND d.state = 'failed') AS d_failed
  FROM alerts a LEFT JOIN campaigns c ON c.id = a.pause_campaign_id`;

export function toAlert(r: AlertRow): Alert {
  return {
    id: Number(r.id),
    ruleId: r.rule_id === null ? null : Number(r.rule_id),
    ruleName: r.rule_name,
    viewName: r.view_name,
    summary: r.summary,
    value: Number(r.value),
    openedAt: iso(r.opened_at)!,
    clearedAt: iso(r.cleared_at),
    pause: {
      state: r.pause_state,
      campaignId: r.pause_campaign_id,
      campaignName: r.pause_campaign_name,
      setBy: r.pause_set_by,
      attempts: r.pause_attempts,
      lastError: r.pause_error,
      doneAt: iso(r.paused_at),
      nextAttemptAt: r.pause_state === 'pending' || r.pause_state === 'retrying' ? iso(r.pause_next_at) : null,
    },
    deliveries: { total: r.d_total, delivered: r.d_delivered, failed: r.d_failed, pending: r.d_total - r.d_delivered - r.d_failed },
  };
}

/**
 * The campaigns an alert is about: its auto-pause's (by id), then the registry's campaigns named by
 * the watched view's campaign filter and, when the view names an agent, of that agent (newest
 * first; a rule since removed names none). Each says how it was matched and how many registry
 * campaigns share its name.
 */
export async function campaignsOf(db: Queryable, alert: AlertRow): Promise<AlertCampaign[]> {
  const { rows } = await db.query<{ id: string; name: string; by_id: boolean; same_name: number }>(
    `SELECT c.id, c.name, coalesce(c.id = $1, false) AS by_id, (SELECT count(*)::int FROM campaigns n WHERE n.name = c.name) AS same_name
       FROM campaigns c, (SELECT (SELECT r.filter FROM alert_rules r WHERE r.id = $2) AS filter) v
      WHERE c.id = $1
         OR (c.name = v.filter->>'campaignName' AND (v.filter->>'agentId' IS NULL OR c.agent_id::text = v.filter->>'agentId'))
      ORDER BY c.id = $1 DESC NULLS LAST, c.created_at DESC, c.id
      LIMIT $3`,
    [alert.pause_campaign_id, alert.rule_id, ALERT_CAMPAIGNS_MAX],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, matchedBy: r.by_id ? 'id' : 'name', sameName: r.same_name }));
}

export async function deliveriesOf(db: Queryable, alertId: number, mayEdit: boolean): Promise<Delivery[]> {
  const { rows } = await db.query<{ id: string; event: Delivery['event']; url: string; state: Delivery['state']; next_at: Date }>(
    'SELECT id, event, url, state, next_at FROM alert_deliveries WHERE alert_id = $1 ORDER BY id',
    [alertId],
  );
  if (rows.length === 0) return [];
  const attempts = await db.query<{ delivery_id: string; at: Date; status: number | null; error: string | null; ms: number }>(
    'SELECT delivery_id, at, status, error, ms FROM alert_delivery_attempts WHERE delivery_id = ANY($1::bigint[]) ORDER BY id',
    [rows.map((r) => r.id)],
  );
  return rows.map((d) => ({
    id: Number(d.id),
    event: d.event,
    url: mayEdit ? d.url : null,
    host: webhookHost(d.url),
    state: d.state,
    nextAttemptAt: d.state === 'pending' || d.state === 'retrying' ? iso(d.next_at) : null,
    attempts: attempts.rows.filter((a) => a.delivery_id === d.id).map((a) => ({ at: iso(a.at)!, status: a.status, error: a.error, ms: a.ms })),
  }));
}
