/**
 * Watched views and alerts (docs/alerts.md): rules over the signed-in user's saved views (operators
 * and admins), the alerts they open, each alert's webhook deliveries, and the bell's unread count.
 * Evaluation, deliveries and auto-pauses run in the background (server/services/alerts/). The
 * webhook secret is write-only: it is never answered.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERT_LIMITS,
  AlertDetail,
  AlertId,
  AlertPage,
  AlertRule,
  AlertUnread,
  AlertQuery,
  AlertRuleBody,
  AlertRuleId,
  AlertSeenBody,
} from '../../contract/bff/alerts';
import { NoContent } from '../../contract/bff/http';
import { can } from '../../contract/bff/permissions';
import { pageOf } from '../../contract/schemas/page';
import type { ValidationError } from '../../contract/schemas/error';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { watchFilterOf } from '../services/alerts/measure';
import { ALERT_SELECT, campaignsOf, deliveriesOf, readRule, RULE_SELECT, toAlert, toRule, type AlertRow, type RuleListRow } from '../services/alerts/rules';
import { webhookUrlProblem } from '../services/alerts/webhook';
import { routesNeed } from '../plugins/session';

const invalid = (errors: ValidationError[]) => new HttpError(400, 'Some fields are not valid.', errors);

/** What an update compares: the stored rule's own columns (RuleListRow's, without the joined ones). */
type PreviousRule = Pick<
  RuleListRow,
  'name' | 'view_name' | 'filter' | 'condition' | 'webhook_url' | 'webhook_secret' | 'pause_campaign_id' | 'pause_set_by' | 'enabled'
>;

/** Fields whose change changes what an auto-pause acts on, or when: the rule becomes the editor's. */
const PAUSE_DECIDING = new Set(['viewName', 'filter', 'condition', 'pauseCampaignId', 'enabled']);

const shown = (v: unknown) => (v === null || v === undefined ? 'none' : typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const hostOf = (url: string | null) => (url ? new URL(url).host : null);
const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The differences of two values as `path from → to`, object by object, key by key (keys in order). */
function differences(path: string, from: unknown, to: unknown): string[] {
  if (isRecord(from) && isRecord(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].sort();
    return keys.flatMap((k) => differences(`${path}.${k}`, from[k], to[k]));
  }
  return JSON.stringify(from ?? null) === JSON.stringify(to ?? null) ? [] : [`${path} ${shown(from)} → ${shown(to)}`];
}

/**
 * What an update changes, field by field, for the audit. A webhook URL is shown by its host (a
 * URL may carry a secret) and the signing secret only as replaced.
 */
function ruleChanges(
  before: PreviousRule,
  body: z.output<typeof AlertRuleBody>,
  stored: { filter: Record<string, unknown>; secret: string | null },
): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  const add = (field: string, from: unknown, to: unknown) => out.push({ field, text: `${field} ${shown(from)} → ${shown(to)}` });
  if (before.name !== body.name) add('name', before.name, body.name);
  if (before.view_name !== body.viewName) add('viewName', before.view_name, body.viewName);
  for (const [field, from, to] of [
    ['filter', before.filter, stored.filter],
    ['condition', before.condition, body.condition],
  ] as const) {
    const diff = differences(field, from, to);
    if (diff.length) out.push({ field, text: diff.join(', ') });
  }
  if (before.webhook_url !== body.webhookUrl)
    out.push({ field: 'webhookUrl', text: `webhookUrl ${shown(hostOf(before.webhook_url))} → ${shown(hostOf(body.webhookUrl))} (hosts)` });
  if (before.webhook_secret !== stored.secret) out.push({ field: 'webhookSecret', text: stored.secret ? 'webhookSecret replaced' : 'webhookSecret removed' });
  if (before.pause_campaign_id !== body.pauseCampaignId) add('pauseCampaignId', before.pause_campaign_id, body.pauseCampaignId);
  if (before.enabled !== body.enabled) add('enabled', before.enabled, body.enabled);
  return out;
}

export const alertsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  // The role before the body: a viewer learns nothing from a 400.
  const manager = { permission: 'alerts:manage' } as const;

  /** Whether the reader may edit rules, and so read whole webhook URLs (others read the host). */
  const mayEdit = (request: FastifyRequest) => can(request.session.role, 'alerts:manage');

  app.get('/bff/alert-rules', { schema: { tags: ['alerts'], summary: 'The watched views', response: { 200: z.array(AlertRule) } } }, async (request) => {
    const { rows } = await db.query<RuleListRow>(`${RULE_SELECT} ORDER BY r.name, r.id`);
    return rows.map((r) => toRule(r, mayEdit(request)));
  });

  /** Checks a body against the user's views, the registry and the webhook rules; the values to store. */
  async function checked(body: z.output<typeof AlertRuleBody>, userId: number, previous: { webhook_url: string | null; webhook_secret: string | null } | null) {
    const errors: ValidationError[] = [];
    const view = await db.query<{ search: Record<string, unknown> }>('SELECT search FROM views WHERE user_id = $1 AND name = $2', [userId, body.viewName]);
    let filter: Record<string, unknown> | null = null;
    if (!view.rows[0]) errors.push({ field: 'viewName', rejectedValue: body.viewName, message: `You have no saved view named "${body.viewName}".` });
    else {
      const read = watchFilterOf(view.rows[0].search);
      if ('errors' in read) errors.push(...read.errors);
      else filter = read.filter;
    }
    let secret: string | null = null;
    if (body.webhookUrl) {
      const problem = webhookUrlProblem(body.webhookUrl, config.ALERT_WEBHOOK_LOOPBACK);
      if (problem) errors.push({ field: 'webhookUrl', rejectedValue: body.webhookUrl, message: problem });
      secret = body.webhookSecret ?? (previous?.webhook_url === body.webhookUrl ? previous.webhook_secret : null);
      if (!secret) errors.push({ field: 'webhookSecret', rejectedValue: null, message: 'Give the secret the receiver checks signatures with.' });
    }
    if (body.pauseCampaignId) {
      const c = await db.query('SELECT 1 FROM campaigns WHERE id = $1', [body.pauseCampaignId]);
      if (!c.rows[0]) errors.push({ field: 'pauseCampaignId', rejectedValue: body.pauseCampaignId, message: 'That campaign is not one this console created.' });
    }
    if (errors.length) throw invalid(errors);
    return { filter: filter!, secret };
  }

  /** A rule as it is now, just written (a 404 if someone deleted it in between). */
  const ruleNow = async (id: number) => {
    const rule = await readRule(db, id, true);
    if (!rule) throw new HttpError(404, 'No such rule (it may have been deleted).');
    return rule;
  };

  /**
   * A checked body as the rule's stored columns, $1 to $10 of both the INSERT and the UPDATE: name,
   * view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by,
   * pause_set_by_id, enabled.
   */
  const ruleColumns = (
    body: z.output<typeof AlertRuleBody>,
    { filter, secret }: { filter: Record<string, unknown>; secret: string | null },
    s: { username: string; userId: number },
  ) => [
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

  const auditRule = (request: { session: { username: string }; id: string }, action: string, outcome: string, status: number) =>
    audit(db, { username: request.session.username, action, route: null, outcome, status, requestId: request.id });

  app.post(
    '/bff/alert-rules',
    {
      schema: { tags: ['alerts'], summary: 'Watch a saved view (201)', body: AlertRuleBody, response: { 201: AlertRule } },
      config: { ...manager, invalidMessage: 'Some fields of the rule are not valid.' },
    },
    async (request, reply) => {
      const body = request.body;
      const count = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM alert_rules');
      if (count.rows[0]!.n >= ALERT_LIMITS.rulesMax)
        throw new HttpError(413, `There are ${ALERT_LIMITS.rulesMax} rules already, the most kept. Delete one first.`);
      const stored = await checked(body, request.session.userId, null);
      const s = request.session;
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO alert_rules (name, view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by, pause_set_by_id, pause_set_at, enabled, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $7::uuid IS NULL THEN NULL ELSE now() END, $10, $11) RETURNING id`,
        [...ruleColumns(body, stored, s), s.username],
      );
      const id = Number(rows[0]!.id);
      await auditRule(
        request,
        'alerts.rule.create',
        `ok: rule "${body.name}" (#${id}) on view "${body.viewName}"${body.pauseCampaignId ? `, auto-pause of campaign ${body.pauseCampaignId} set by ${s.username}` : ''}${body.webhookUrl ? ', with a webhook' : ''}`,
        201,
      );
      return reply.code(201).send(await ruleNow(id));
    },
  );

  app.put(
    '/bff/alert-rules/:id',
    {
      schema: { tags: ['alerts'], summary: 'Change a watched view', params: z.object({ id: AlertRuleId }), body: AlertRuleBody, response: { 200: AlertRule } },
      config: { ...manager, invalidMessage: 'Some fields of the rule are not valid.' },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const prev = await db.query<PreviousRule>(
        'SELECT name, view_name, filter, condition, webhook_url, webhook_secret, pause_campaign_id, pause_set_by, enabled FROM alert_rules WHERE id = $1',
        [id],
      );
      const before = prev.rows[0];
      if (!before) throw new HttpError(404, 'No such rule (it may have been deleted).');
      const stored = await checked(body, request.session.userId, before);
      const s = request.session;
      const changes = ruleChanges(before, body, stored);
      // A rule that pauses acts for whoever last decided what it pauses and when: a change of the
      // campaign, the view, its filters, the threshold or re-enabling makes it the editor's.
      const reattribute = body.pauseCampaignId !== null && changes.some((c) => PAUSE_DECIDING.has(c.field));
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
      const attribution = reattribute
        ? `; auto-pause of campaign ${body.pauseCampaignId} now set by ${s.username}${before.pause_set_by && before.pause_set_by !== s.username ? ` (was ${before.pause_set_by})` : ''}`
        : before.pause_campaign_id && !body.pauseCampaignId
          ? '; auto-pause removed'
          : '';
      const diff = changes.length ? changes.map((c) => c.text).join('; ') : 'nothing changed';
      await auditRule(request, 'alerts.rule.update', `ok: rule "${body.name}" (#${id}): ${diff}${attribution}`, 200);
      return ruleNow(id);
    },
  );

  const deleteRule = {
    tags: ['alerts'],
    summary: 'Stop watching a view; its open alert is cleared (204)',
    params: z.object({ id: AlertRuleId }),
    response: { 204: NoContent },
  };
  app.delete('/bff/alert-rules/:id', { config: manager, schema: deleteRule }, async (request, reply) => {
    const { rows } = await db.transaction(async (tx) => {
      // Its open alert ends with it (kept in the list, with the rule's name).
      await tx.query('UPDATE alerts SET cleared_at = now() WHERE rule_id = $1 AND cleared_at IS NULL', [request.params.id]);
      return tx.query<{ name: string }>('DELETE FROM alert_rules WHERE id = $1 RETURNING name', [request.params.id]);
    });
    if (!rows[0]) throw new HttpError(404, 'No such rule (it may have been deleted).');
    await auditRule(request, 'alerts.rule.delete', `ok: rule "${rows[0].name}" (#${request.params.id})`, 204);
    return reply.code(204).send();
  });

  app.get(
    '/bff/alerts',
    { schema: { tags: ['alerts'], summary: 'The alerts, newest first', querystring: AlertQuery, response: { 200: AlertPage } } },
    async (request) => {
      const q = request.query;
      const open = q.open === undefined ? null : q.open === 'true';
      const { rows } = await db.query<AlertRow & { total: number }>(
        `SELECT x.*, count(*) OVER ()::int AS total FROM (${ALERT_SELECT}) x
        WHERE $1::boolean IS NULL OR ($1 AND x.cleared_at IS NULL) OR (NOT $1 AND x.cleared_at IS NOT NULL)
        ORDER BY x.id DESC LIMIT $2 OFFSET $3`,
        [open, q.size, (q.page - 1) * q.size],
      );
      return pageOf(rows.map(toAlert), q, rows[0]?.total ?? 0);
    },
  );

  app.get('/bff/alerts/unread', { schema: { tags: ['alerts'], summary: "The bell's unread count", response: { 200: AlertUnread } } }, async (request) => {
    const { rows } = await db.query<{ unread: number; latest: string | null }>(
      `SELECT count(*) FILTER (WHERE a.id > coalesce(s.last_seen_id, 0))::int AS unread, max(a.id) AS latest
         FROM alerts a LEFT JOIN alert_seen s ON s.user_id = $1`,
      [request.session.userId],
    );
    return { unread: rows[0]?.unread ?? 0, latestId: rows[0]?.latest ? Number(rows[0].latest) : null };
  });

  app.post(
    '/bff/alerts/seen',
    { schema: { tags: ['alerts'], summary: "The bell's alerts up to this one are seen (204)", body: AlertSeenBody, response: { 204: NoContent } } },
    async (request, reply) => {
      await db.query(
        `INSERT INTO alert_seen (user_id, last_seen_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET last_seen_id = GREATEST(alert_seen.last_seen_id, EXCLUDED.last_seen_id)`,
        [request.session.userId, request.body.upTo],
      );
      return reply.code(204).send();
    },
  );

  const detail = { tags: ['alerts'], summary: 'An alert with its webhook deliveries', params: z.object({ id: AlertId }), response: { 200: AlertDetail } };
  app.get('/bff/alerts/:id', { schema: detail }, async (request) => {
    const { rows } = await db.query<AlertRow>(`${ALERT_SELECT} WHERE a.id = $1`, [request.params.id]);
    if (!rows[0]) throw new HttpError(404, 'No such alert.');
    return { ...toAlert(rows[0]), deliveryList: await deliveriesOf(db, request.params.id, mayEdit(request)), campaigns: await campaignsOf(db, rows[0]) };
  });
};
