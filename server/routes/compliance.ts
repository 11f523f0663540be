/**
 * /bff/compliance: the contact-frequency caps (every signed-in role reads them; admins set them,
 * audited) and the pre-flight check the wizard, the bulk screen and the one-call form ask before
 * launch. Enforcement itself is on the write path (services/writes/writes.ts -> services/compliance/contact-caps.ts).
 * The blackout dates: the calendars of public holidays in use and the team's dates (admins change
 * them, audited), the dates blacked out in a range (the wizard's forecast), and the pauses the
 * worker made for them (services/compliance/blackout-pauses.ts). A running campaign's guard: how many of its
 * recipients are over a cap now, and one write that watches its calls with an auto-pause
 * (services/compliance/cap-guard.ts, ADR 0050).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BLACKOUT_LIMITS, BlackoutCalendarsBody, BlackoutDateBody, BlackoutPause, BlackoutQuery, BlackoutResult } from '../../contract/bff/blackout';
import { CapCheckBody, CapCheckResult, ContactCaps, ContactCapsBody } from '../../contract/bff/contact-caps';
import { NoContent } from '../../contract/bff/http';
import { IsoDate } from '../../contract/formats';
import { IdParams } from '../../contract/queries';
import { CapGuardResult, CapGuardStatus } from '../../contract/bff/cap-guard';
import { ALERT_LIMITS } from '../../contract/bff/alerts';
import { watchFilterOf } from '../services/alerts/measure';
import { capGuardStatus, createGuard, guardSearch, registryCampaign } from '../services/compliance/cap-guard';
import { HttpError } from '../http';
import { addDate, blackoutDays, calendarName, listCalendars, listPauses, removeDate, setCalendars } from '../services/compliance/blackout';
import { audit } from '../services/audit';
import { readCaps, screenCaps, writeCaps } from '../services/compliance/contact-caps';
import { routesNeed } from '../plugins/session';

const tags = ['compliance'];
const admin = { permission: 'compliance:admin' } as const;
const DAY_MS = 86_400_000;

export const compliancePlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.get('/bff/compliance/caps', { schema: { tags, summary: 'The contact-frequency caps', response: { 200: ContactCaps } } }, async () => readCaps(db));

  app.put(
    '/bff/compliance/caps',
    {
      config: { permission: 'compliance:admin', invalidMessage: 'Some of the caps are not valid.' },
      schema: { tags, summary: 'Set the contact-frequency caps (admins)', body: ContactCapsBody, response: { 200: ContactCaps } },
    },
    async (request) => {
      const caps = await writeCaps(db, request.body, request.session.username);
      const { attempts, windowDays, quietDays } = request.body;
      await audit(db, {
        username: request.session.username,
        action: 'compliance.caps.set',
        route: 'PUT /bff/compliance/caps',
        outcome: `ok: ${attempts === null ? 'no attempt cap' : `${attempts} attempts in ${windowDays} days`}, ${quietDays === 0 ? 'no quiet period' : `${quietDays} quiet days after a reached call`}`,
        status: 200,
        requestId: request.id,
      });
      return caps;
    },
  );

  app.post(
    '/bff/compliance/check',
    {
      bodyLimit: 1024 * 1024,
      schema: { tags, summary: 'Which of these numbers a create would leave out for the contact caps', body: CapCheckBody, response: { 200: CapCheckResult } },
    },
    async (request) => screenCaps(db, request.body.phones, request.body.attemptsEach ?? 1),
  );

  app.get(
    '/bff/compliance/blackout',
    {
      schema: {
        tags,
        summary: 'The calendars in use and every blacked-out date from..to (inclusive)',
        querystring: BlackoutQuery,
        response: { 200: BlackoutResult },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
      if (span < 0 || span > BLACKOUT_LIMITS.rangeDaysMax)
        throw new HttpError(400, `Ask for 0 to ${BLACKOUT_LIMITS.rangeDaysMax} days.`, [
          { field: 'to', rejectedValue: to, message: `From ${from}, at most ${BLACKOUT_LIMITS.rangeDaysMax} days.` },
        ]);
      const [calendars, days] = await Promise.all([listCalendars(db), blackoutDays(db, from, to)]);
      return { calendars, days };
    },
  );

  app.put(
    '/bff/compliance/blackout/calendars',
    {
      config: { ...admin, invalidMessage: 'Some of the calendars are not valid.' },
      schema: { tags, summary: 'Set the calendars of public holidays in use (admins)', body: BlackoutCalendarsBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const codes = [...new Set(request.body.calendars)];
      const unknown = codes.map((code, i) => ({ code, i })).filter((c) => calendarName(c.code) === null);
      if (unknown.length > 0)
        throw new HttpError(
          400,
          'Some of the calendars are not valid.',
          unknown.map((u) => ({ field: `calendars[${u.i}]`, rejectedValue: u.code, message: `No public-holiday calendar is known as ${u.code}.` })),
        );
      await setCalendars(db, codes, request.session.username);
      await audit(db, {
        username: request.session.username,
        action: 'compliance.blackout.calendars',
        route: 'PUT /bff/compliance/blackout/calendars',
        outcome: `ok: ${codes.length === 0 ? 'none' : codes.join(', ')}`,
        status: 204,
        requestId: request.id,
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/bff/compliance/blackout/dates',
    {
      config: { ...admin, invalidMessage: 'The date is not valid.' },
      schema: { tags, summary: 'Add (or relabel) a team blackout date (admins)', body: BlackoutDateBody, response: { 204: NoContent } },
    },
    async (request, reply) => {
      const { date, label } = request.body;
      if ((await addDate(db, date, label, request.session.username, BLACKOUT_LIMITS.datesMax)) === 'full')
        throw new HttpError(413, `There are ${BLACKOUT_LIMITS.datesMax} dates already. Remove past ones first.`);
      await audit(db, {
        username: request.session.username,
        action: 'compliance.blackout.add',
        route: 'POST /bff/compliance/blackout/dates',
        outcome: `ok: ${date} (${label})`,
        status: 204,
        requestId: request.id,
      });
      return reply.code(204).send();
    },
  );

  app.delete(
    '/bff/compliance/blackout/dates/:date',
    { config: admin, schema: { tags, summary: 'Remove a team blackout date (admins)', params: z.object({ date: IsoDate }), response: { 204: NoContent } } },
    async (request, reply) => {
      if (!(await removeDate(db, request.params.date))) throw new HttpError(404, 'No such team date (it may have been removed).');
      await audit(db, {
        username: request.session.username,
        action: 'compliance.blackout.remove',
        route: 'DELETE /bff/compliance/blackout/dates/:date',
        outcome: `ok: ${request.params.date}`,
        status: 204,
        requestId: request.id,
      });
      return reply.code(204).send();
    },
  );

  app.get(
    '/bff/compliance/blackout/pauses',
    { schema: { tags, summary: 'The pauses made for blackout dates, newest first (100)', response: { 200: z.array(BlackoutPause) } } },
    async () => listPauses(db),
  );

  app.get(
    '/bff/campaigns/:id/cap-guard',
    {
      schema: {
        tags,
        summary: "How many of a campaign's kept recipients are over a contact cap now (read-only), and its guard if set",
        params: IdParams,
        response: { 200: CapGuardStatus },
      },
    },
    async (request) => capGuardStatus(db, request.params.id),
  );

  app.post(
    '/bff/campaigns/:id/cap-guard',
    {
      config: { permission: 'alerts:manage' },
      schema: {
        tags,
        summary: 'Watch a campaign and pause it when it calls while recipients are over a cap: a saved view and an alert rule, once (201; 200 when it exists)',
        params: IdParams,
        response: { 200: CapGuardResult, 201: CapGuardResult },
      },
    },
    async (request, reply) => {
      const s = request.session;
      const campaign = await registryCampaign(db, request.params.id);
      if (!campaign) throw new HttpError(404, 'That campaign is not one this console created: it cannot be paused by a rule.');
      const read = watchFilterOf(guardSearch(campaign));
      if ('errors' in read) throw new HttpError(422, "This campaign's calls cannot be watched: its name is not a valid filter.", read.errors);
      const result = await createGuard(db, campaign, { userId: s.userId, username: s.username }, read.filter);
      if (result === 'full') throw new HttpError(413, `There are ${ALERT_LIMITS.rulesMax} rules already, the most kept. Delete one first.`);
      await audit(db, {
        username: s.username,
        action: 'compliance.capGuard',
        route: 'POST /bff/campaigns/:id/cap-guard',
        outcome: result.created
          ? `ok: rule "${result.guard.name}" (#${result.guard.id}) on view "${result.guard.viewName}", auto-pause of campaign ${campaign.id} set by ${s.username}`
          : `ok: exists, rule #${result.guard.id}`,
        status: result.created ? 201 : 200,
        requestId: request.id,
      });
      return reply.code(result.created ? 201 : 200).send(result);
    },
  );
};
