/**
 * /bff/outcomes and /bff/campaigns/:id/recipients (docs/outcomes.md): outcome definitions (read by
 * every role, defined and removed by admins) and a campaign's recipients with their states and its
 * funnel (the campaign read upstream with the person's own scope for its name, agent and retry
 * policy). Every change is audited, without phone numbers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CampaignOutcomeCountsList,
  CampaignOutcomesQuery,
  CampaignRecipients,
  Outcome,
  OutcomeBody,
  OutcomeCounts,
  OutcomeCountsQuery,
  OutcomeList,
} from '../../contract/bff/outcomes';
import { NoContent } from '../../contract/bff/http';
import { RuleParams } from '../../contract/bff/review';
import { IdParams } from '../../contract/queries';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { campaignRecipients, eraseRecipients, outcomeCountsOf } from '../services/campaigns/recipients';
import { readCampaign } from '../services/campaigns/upstream';
import { queryWindow } from '../services/call-index/time-range';
import { addOutcome, listOutcomes, outcomeCounts, removeOutcome } from '../services/campaigns/outcomes';
import { routesNeed } from '../plugins/session';

const tags = ['outcomes'];

export const outcomesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, broker, upstream, config } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);
  const adminOnly = { permission: 'outcomes:admin' } as const;
  const auditOf = (
    request: { session: { username: string }; method: string; routeOptions: { url?: string }; id: string },
    action: string,
    outcome: string,
    status: number,
  ) =>
    audit(db, { username: request.session.username, action, route: `${request.method} ${request.routeOptions.url}`, outcome, status, requestId: request.id });

  app.get(
    '/bff/outcomes',
    { schema: { tags, summary: 'The outcomes defined, with the indexed calls that meet each', response: { 200: OutcomeList } } },
    async () => listOutcomes(db),
  );

  app.get(
    '/bff/outcomes/campaigns',
    {
      schema: {
        tags,
        summary: 'Per campaign created here: the recipients kept and, per outcome of the campaign or its agent, the recipients who met it',
        querystring: CampaignOutcomesQuery,
        response: { 200: CampaignOutcomeCountsList },
      },
      config: { permission: 'campaigns:read' },
    },
    async (request) => outcomeCountsOf(db, request.query.id ?? []),
  );

  app.get(
    '/bff/outcomes/counts',
    {
      schema: {
        tags,
        summary: "Per outcome: the indexed calls of a date range (Insights' filters) that met it, and its rate over its agent's or campaign's calls",
        querystring: OutcomeCountsQuery,
        response: { 200: OutcomeCounts },
      },
      config: { permission: 'calls:read' },
    },
    async (request) => {
      const { from, to, tz, agentId, campaignName } = request.query;
      // One day when only one end is given, as the categories.
      const w = queryWindow({ tz, from: from ?? to, to: to ?? from });
      return { content: await outcomeCounts(db, { start: from ? (w.start ?? null) : null, end: to ? (w.end ?? null) : null, agentId, campaignName }) };
    },
  );

  app.post(
    '/bff/outcomes',
    {
      schema: { tags, summary: 'Define an outcome and evaluate it over the call index (admins)', body: OutcomeBody, response: { 201: Outcome } },
      config: { ...adminOnly, invalidMessage: 'The outcome is not valid.' },
    },
    async (request, reply) => {
      const outcome = await addOutcome(db, request.body, request.session.username);
      await auditOf(request, 'outcome.add', `ok: "${outcome.name}" (#${outcome.id}), ${outcome.calls} calls meet it`, 201);
      return reply.code(201).send(outcome);
    },
  );

  app.delete(
    '/bff/outcomes/:id',
    { config: adminOnly, schema: { tags, summary: 'Remove an outcome (204)', params: RuleParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const name = await removeOutcome(db, request.params.id);
      if (name === null) throw new HttpError(404, `No outcome #${request.params.id}.`);
      await auditOf(request, 'outcome.remove', `ok: "${name}" (#${request.params.id})`, 204);
      return reply.code(204).send();
    },
  );

  app.get(
    '/bff/campaigns/:id/recipients',
    {
      schema: {
        tags,
        summary: "A campaign's recipients (kept when Switchboard created it) with their states, and its funnel",
        params: IdParams,
        response: { 200: CampaignRecipients },
      },
      config: { permission: 'campaigns:read' },
    },
    async (request) => {
      const { token } = await broker.get(request.session, ['campaigns:read']);
      const read = await readCampaign({ broker, upstream }, request.params.id, token);
      if (read.kind === 'gone') throw new HttpError(404, 'No such campaign.');
      if (read.kind === 'refused') throw new HttpError(502, `The Voice API refused to read the campaign (${read.status}). Try again in a moment.`);
      if (read.kind === 'malformed') throw new HttpError(502, 'The Voice API sent a malformed answer. Try again.');
      const campaign = read.campaign;
      return campaignRecipients(
        db,
        { id: request.params.id, name: campaign.name, agentId: campaign.agentId, retry: campaign.retry, status: campaign.status ?? '' },
        { now: new Date(), retentionDays: config.CAMPAIGN_RECIPIENT_RETENTION_DAYS },
      );
    },
  );

  app.delete(
    '/bff/campaigns/:id/recipients',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Erase the recipients Switchboard keeps for a campaign (admins; 200 with how many)',
        params: IdParams,
        response: { 200: z.object({ erased: z.int() }) },
      },
    },
    async (request) => {
      const erased = await eraseRecipients(db, request.params.id);
      await auditOf(request, 'campaign.recipients.erase', `ok: ${erased} recipients of campaign ${request.params.id} erased`, 200);
      return { erased };
    },
  );
};
