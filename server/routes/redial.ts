/**
 * GET /bff/campaigns/:id/redial: the recipients a campaign did not reach (their last call in it
 * ended NO_ANSWER, VOICE_BOX or UNREACHABLE), with their context, without the do-not-call numbers,
 * and the campaign itself (its schedule pre-fills the wizard). Read upstream with the user's own
 * read scopes, so a role sees only what it could read itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REDIAL_MAX_CALLS, REDIAL_STATUSES, RedialPlan, type RedialRecipient } from '../../contract/bff/redial';
import { IdParams } from '../../contract/queries';
import type { Call } from '../../contract/schemas/call';
import { normaliseCall, normaliseCampaign, normalisePage } from '../../contract/tolerant.plain';
import { HttpError } from '../http';
import type { Session } from '../services/auth/sessions';
import { screenPhones } from '../services/do-not-call/list';
import { namesakesOf } from '../services/workspace/workspace';
import { routesNeed } from '../plugins/session';

const PAGE = 100;

export const redialPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, broker, upstream } = app.ctx;
  // The session, then the role, before the id is read.
  routesNeed(app, 'campaigns:write');
  app.addHook('onRequest', app.requireSession);

  /** One read upstream, in the form the console reads (`normalise`: contract/tolerant.plain.ts). */
  async function read<T>(session: Session, scope: string, path: string, normalise: (raw: unknown) => T): Promise<T> {
    const { token } = await broker.get(session, [scope]);
    const res = await upstream.request({ method: 'GET', path, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const text = await res.body.text();
    if (res.statusCode === 404) throw new HttpError(404, 'No such campaign.');
    if (res.statusCode >= 400) throw new HttpError(502, `The Voice API refused to read ${path.split('?')[0]} (${res.statusCode}). Try again in a moment.`);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new HttpError(502, 'The Voice API sent a malformed answer. Try again.');
    }
    return normalise(raw);
  }

  app.get(
    '/bff/campaigns/:id/redial',
    {
      schema: {
        tags: ['redial'],
        summary: 'The recipients a campaign did not reach, with their context, without do-not-call numbers',
        params: IdParams,
        response: { 200: RedialPlan },
      },
    },
    async (request) => {
      const s = request.session;
      const campaign = await read(s, 'campaigns:read', `/v1/campaigns/${request.params.id}`, normaliseCampaign);

      // Newest first: the first call seen for a number is its last.
      const last = new Map<string, Call>();
      let truncated = false;
      for (let page = 1; ; page += 1) {
        const q = new URLSearchParams({
          campaignName: campaign.name,
          agentId: campaign.agentId,
          sort: 'startTime,DESC',
          size: String(PAGE),
          page: String(page),
        });
        const body = await read(s, 'calls:read', `/v1/calls?${q.toString()}`, (raw) => normalisePage(raw, normaliseCall));
        for (const call of body.content) if (!last.has(call.phone)) last.set(call.phone, call);
        if (page >= body.totalPages || body.content.length === 0) break;
        if (page * PAGE >= REDIAL_MAX_CALLS) {
          truncated = true;
          break;
        }
      }
      const unreached = [...last.values()].filter((c) => (REDIAL_STATUSES as readonly string[]).includes(c.status));
      const skipped = await screenPhones(
        db,
        unreached.map((c) => c.phone),
      );
      const left = new Set(skipped.map((x) => x.index));
      const recipients: RedialRecipient[] = unreached
        .filter((_, i) => !left.has(i))
        .map((c) => {
          const { system: _system, ...context } = c.context ?? {};
          return { phone: c.phone, ...(Object.keys(context).length > 0 ? { context } : {}), lastStatus: c.status, lastCallAt: c.startTime };
        });
      // Calls are found by the campaign's name (they carry no campaign id): the registry says how
      // many other campaigns created here share the name and agent, whose calls are mixed in.
      const namesakes = await namesakesOf(db, campaign);
      return { campaign, recipients, skipped, called: last.size, truncated, namesakes };
    },
  );
};
