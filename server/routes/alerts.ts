/**
 * Watched views and alerts (docs/alerts.md): rules over the signed-in user's saved views (operators
 * and admins), the alerts they open, each alert's webhook deliveries, and the bell's unread count.
 * Evaluation, deliveries and auto-pauses run in the background (server/services/alerts/); the
 * routes' SQL is in server/services/alerts/store.ts. The webhook secret is write-only: it is never
 * answered.
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
import { campaignsOf, deliveriesOf, readRule, toAlert, toRule } from '../services/alerts/rules';
import {
  alertPage,
  countRules,
  deleteRule as deleteRuleRow,
  insertRule,
  listRules,
  markSeen,
  previousRule,
  readAlert,
  unreadOf,
  updateRule,
  type PreviousRule,
} from '../services/alerts/store';
import { campaignRegistered, readView } from '../services/workspace/workspace';
import { webhookUrlProblem } from '../services/alerts/webhook';
import { routesNeed } from '../plugins/session';

const invalid = (errors: ValidationError[]) => new HttpError(400, 'Some fields are not valid.', errors);

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
    const rows = await listRules(db);
    return rows.map((r) => toRule(r, mayEdit(request)));
  });

  /** Checks a body against the user's views, the registry and the webhook rules; the values to store. */
  async function checked(body: z.output<typeof AlertRuleBody>, userId: number, previous: { webhook_url: string | null; webhook_secret: string | null } | null) {
    const errors: ValidationError[] = [];
    const view = await readView(db, userId, body.viewName);
    let filter: Record<string, unknown> | null = null;
    if (!view) errors.push({ field: 'viewName', rejectedValue: body.viewName, message: `You have no saved view named "${body.viewName}".` });
    else {
      const read = watchFilterOf(view.search);
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
      if (!(await campaignRegistered(db, body.pauseCampaignId)))
        errors.push({ field: 'pauseCampaignId', rejectedValue: body.pauseCampaignId, message: 'That campaign is not one this console created.' });
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
      if ((await countRules(db)) >= ALERT_LIMITS.rulesMax)
        throw new HttpError(413, `There are ${ALERT_LIMITS.rulesMax} rules already, the most kept. Delete one first.`);
      const stored = await checked(body, request.session.userId, null);
      const s = request.session;
      const id = await insertRule(db, body, stored, s);
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
      const before = await previousRule(db, id);
      if (!before) throw new HttpError(404, 'No such rule (it may have been deleted).');
      const stored = await checked(body, request.session.userId, before);
      const s = request.session;
      const changes = ruleChanges(before, body, stored);
      // A rule that pauses acts for whoever last decided what it pauses and when: a change of the
      // campaign, the view, its filters, the threshold or re-enabling makes it the editor's.
      const reattribute = body.pauseCampaignId !== null && changes.some((c) => PAUSE_DECIDING.has(c.field));
      await updateRule(db, id, body, stored, s, reattribute);
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
    // Its open alert ends with it (kept in the list, with the rule's name).
    const name = await deleteRuleRow(db, request.params.id);
    if (name === null) throw new HttpError(404, 'No such rule (it may have been deleted).');
    await auditRule(request, 'alerts.rule.delete', `ok: rule "${name}" (#${request.params.id})`, 204);
    return reply.code(204).send();
  });

  app.get(
    '/bff/alerts',
    { schema: { tags: ['alerts'], summary: 'The alerts, newest first', querystring: AlertQuery, response: { 200: AlertPage } } },
    async (request) => {
      const q = request.query;
      const open = q.open === undefined ? null : q.open === 'true';
      const { rows, total } = await alertPage(db, open, q.size, (q.page - 1) * q.size);
      return pageOf(rows.map(toAlert), q, total);
    },
  );

  app.get('/bff/alerts/unread', { schema: { tags: ['alerts'], summary: "The bell's unread count", response: { 200: AlertUnread } } }, async (request) => {
    return unreadOf(db, request.session.userId);
  });

  app.post(
    '/bff/alerts/seen',
    { schema: { tags: ['alerts'], summary: "The bell's alerts up to this one are seen (204)", body: AlertSeenBody, response: { 204: NoContent } } },
    async (request, reply) => {
      await markSeen(db, request.session.userId, request.body.upTo);
      return reply.code(204).send();
    },
  );

  const detail = { tags: ['alerts'], summary: 'An alert with its webhook deliveries', params: z.object({ id: AlertId }), response: { 200: AlertDetail } };
  app.get('/bff/alerts/:id', { schema: detail }, async (request) => {
    const alert = await readAlert(db, request.params.id);
    if (!alert) throw new HttpError(404, 'No such alert.');
    return { ...toAlert(alert), deliveryList: await deliveriesOf(db, request.params.id, mayEdit(request)), campaigns: await campaignsOf(db, alert) };
  });
};
