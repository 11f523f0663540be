/**
 * One evaluation of the watched views, at `asOf` (the instant the call index is complete to, on
 * the upstream's clock). Per rule, in one transaction: a breach with no open alert opens one (its
 * webhook delivery and its auto-pause queued with it), an open alert whose breach has ended is
 * cleared, and the rule keeps its last value. One open alert per rule (a unique index): however
 * often a breach is seen, and even if two evaluators ever overlapped, it is one alert, so the
 * campaign is paused once per breach.
 */
import type { Db, Queryable } from '../../../common/db';
import { AlertCondition, type WebhookPayload } from '../../../contract/bff/alerts';
import { measure, type WatchFilter } from './measure';

export interface RuleRow {
  id: string;
  name: string;
  view_name: string;
  filter: WatchFilter;
  condition: unknown;
  webhook_url: string | null;
  webhook_secret: string | null;
  pause_campaign_id: string | null;
  pause_set_by: string | null;
  pause_set_by_id: number | null;
  enabled: boolean;
  last_evaluated_at: Date | null;
}

export interface EvaluationLog {
  warn(obj: object, msg: string): void;
}

/** The instant the index is complete to; null before its first pass. */
export async function indexedAt(db: Queryable): Promise<Date | null> {
  const { rows } = await db.query<{ indexed_at: Date | null }>('SELECT indexed_at FROM index_sync WHERE id = 1');
  return rows[0]?.indexed_at ? new Date(rows[0].indexed_at) : null;
}

async function queueDelivery(tx: Queryable, rule: RuleRow, alertId: number, event: 'opened' | 'cleared', alert: WebhookPayload['alert']) {
  if (!rule.webhook_url || !rule.webhook_secret) return;
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO alert_deliveries (alert_id, event, url, secret, payload) VALUES ($1, $2, $3, $4, '') RETURNING id`,
    [alertId, event, rule.webhook_url, rule.webhook_secret],
  );
  const deliveryId = Number(rows[0]!.id);
  const payload: WebhookPayload = {
    event,
    deliveryId,
    alert,
    rule: { id: Number(rule.id), name: rule.name, viewName: rule.view_name, condition: AlertCondition.parse(rule.condition) },
    pauseCampaignId: rule.pause_campaign_id,
  };
  await tx.query('UPDATE alert_deliveries SET payload = $2 WHERE id = $1', [deliveryId, JSON.stringify(payload)]);
}

export async function evaluateRule(db: Db, rule: RuleRow, asOf: Date): Promise<'opened' | 'cleared' | 'unchanged'> {
  const condition = AlertCondition.parse(rule.condition);
  const m = await measure(db, rule.filter, condition, asOf);
  return db.transaction(async (tx) => {
    const open = await tx.query<{ id: string; opened_at: Date; summary: string; value: number }>(
      'SELECT id, opened_at, summary, value FROM alerts WHERE rule_id = $1 AND cleared_at IS NULL',
      [rule.id],
    );
    let outcome: 'opened' | 'cleared' | 'unchanged' = 'unchanged';
    if (m.breached && !open.rows[0]) {
      const pausing = rule.pause_campaign_id !== null;
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO alerts (rule_id, rule_name, view_name, summary, value, opened_at, pause_state, pause_campaign_id, pause_set_by, pause_set_by_id, pause_next_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $7 = 'pending' THEN now() END)
         ON CONFLICT (rule_id) WHERE cleared_at IS NULL DO NOTHING RETURNING id`,
        [
          rule.id,
          rule.name,
          rule.view_name,
          m.summary,
          m.value,
          asOf,
          pausing ? 'pending' : 'none',
          rule.pause_campaign_id,
          pausing ? rule.pause_set_by : null,
          pausing ? rule.pause_set_by_id : null,
        ],
      );
      if (inserted.rows[0]) {
        const id = Number(inserted.rows[0].id);
        await queueDelivery(tx, rule, id, 'opened', { id, summary: m.summary, value: m.value, openedAt: asOf.toISOString(), clearedAt: null });
        outcome = 'opened';
      }
    } else if (!m.breached && open.rows[0]) {
      const o = open.rows[0];
      const id = Number(o.id);
      await tx.query('UPDATE alerts SET cleared_at = $2 WHERE id = $1 AND cleared_at IS NULL', [id, asOf]);
      await queueDelivery(tx, rule, id, 'cleared', {
        id,
        summary: o.summary,
        value: Number(o.value),
        openedAt: new Date(o.opened_at).toISOString(),
        clearedAt: asOf.toISOString(),
      });
      outcome = 'cleared';
    }
    await tx.query('UPDATE alert_rules SET state = $2, last_value = $3, last_evaluated_at = $4 WHERE id = $1', [
      rule.id,
      m.breached ? 'breached' : 'ok',
      m.value,
      asOf,
    ]);
    return outcome;
  });
}

/** Every enabled rule not yet evaluated at this instant. A rule that fails is logged and tried at the next. */
export async function evaluateAll(db: Db, asOf: Date, log: EvaluationLog): Promise<number> {
  const { rows } = await db.query<RuleRow>('SELECT * FROM alert_rules WHERE enabled AND (last_evaluated_at IS NULL OR last_evaluated_at < $1) ORDER BY id', [
    asOf,
  ]);
  let evaluated = 0;
  for (const rule of rows) {
    try {
      await evaluateRule(db, rule, asOf);
      evaluated += 1;
    } catch (error) {
      log.warn(
        { rule: Number(rule.id), err: error instanceof Error ? error.message : String(error) },
        'Alerts: a rule could not be evaluated; it is tried again at the next interval.',
      );
    }
  }
  return evaluated;
}
