/**
 * /bff/do-not-call: the list staff manage (operators and admins write; every signed-in role reads,
 * so a reviewer sees that a number is listed), its CSV import and export, and the check the wizard
 * and the bulk screen ask before launch. Every change is audited. Enforcement itself is in
 * services/do-not-call/list.ts `screenCreate`, on the write path.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DncAddBody,
  DncAddResult,
  DncHoldingCampaign,
  DncCheckBody,
  DncCheckResult,
  DncImportBody,
  DncImportResult,
  DncPage,
  DncPhone,
  DncQuery,
} from '../../contract/bff/do-not-call';
import { pageOf } from '../../contract/schemas/page';
import { CsvFile, NoContent } from '../../contract/bff/http';
import { csvSafeCell } from '../../contract/csv-safe';
import { HttpError } from '../http';
import { SchemaError } from '../plugins/errors';
import { audit } from '../services/audit';
import { addNumber, importNumbers, listEntries, listedForm, removeNumber, screenPhones } from '../services/do-not-call/list';
import { holdingCampaigns, holdingOutcome } from '../services/do-not-call/campaigns';
import { quotaRefusal } from '../services/do-not-call/import-quota';
import { routesNeed } from '../plugins/session';

const tags = ['do-not-call'];

/** Only the roles that manage the list (checked by the session hook before the body is read). */
const manager = { permission: 'do-not-call:manage' } as const;

export const doNotCallPlugin: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  // Every route here is a signed-in user's; those that change or export the list also need a manager.
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/bff/do-not-call',
    { schema: { tags, summary: 'The do-not-call list, newest first (q: digits or part of a reason)', querystring: DncQuery, response: { 200: DncPage } } },
    async (request) => {
      const q = request.query;
      const { entries, total } = await listEntries(db, q.q, q);
      return pageOf(entries, q, total);
    },
  );

  app.get(
    '/bff/do-not-call/export.csv',
    {
      config: manager,
      schema: {
        tags,
        summary: 'The whole list as CSV (cells a spreadsheet would evaluate are quoted)',
        response: { 200: CsvFile('The list, as an attachment: do-not-call.csv.') },
      },
    },
    async (_request, reply) => {
      const { entries } = await listEntries(db, undefined, null);
      const lines = ['phone,reason,source,rule,callId,addedBy,addedAt'];
      for (const r of entries) {
        lines.push([r.phone, r.reason, r.source, r.rule, r.callId, r.addedBy, r.addedAt].map((v) => csvSafeCell(v)).join(','));
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="do-not-call.csv"')
        .send(lines.join('\r\n') + '\r\n');
    },
  );

  app.post(
    '/bff/do-not-call',
    {
      config: manager,
      schema: {
        tags,
        summary: 'Add a number (201), or find it already listed (200), with the campaigns that hold it',
        body: DncAddBody,
        response: { 200: DncAddResult, 201: DncAddResult },
      },
    },
    async (request, reply) => {
      const s = request.session;
      const body = request.body;
      const result = await addNumber(db, { ...body, addedBy: s.username });
      if (!result)
        throw new HttpError(400, 'Some fields are not valid.', [
          { field: 'phone', rejectedValue: body.phone, message: 'Not a possible phone number: give it in international form, such as +33612345678.' },
        ]);
      // Campaigns already created that hold it: the person is told at once and offered a pause.
      const campaigns = await holdingCampaigns(ctx, [result.entry.phone]);
      if (result.created) {
        await audit(db, {
          username: s.username,
          action: 'doNotCall.add',
          route: 'POST /bff/do-not-call',
          outcome: `ok: ${result.entry.phone} (${body.source})${holdingOutcome(campaigns)}`,
          status: 201,
          requestId: request.id,
        });
      }
      return reply.code(result.created ? 201 : 200).send({ ...result.entry, campaigns });
    },
  );

  app.delete(
    '/bff/do-not-call/:phone',
    { config: manager, schema: { tags, summary: 'Remove a number (204)', params: z.strictObject({ phone: DncPhone }), response: { 204: NoContent } } },
    async (request, reply) => {
      const s = request.session;
      // The E.164 form, or the number exactly as stored (an entry whose number cannot be read).
      const given = request.params.phone.trim();
      const phone = await removeNumber(db, given);
      if (phone === null) throw new HttpError(404, `${listedForm(given)} is not on the do-not-call list.`);
      await audit(db, {
        username: s.username,
        action: 'doNotCall.remove',
        route: 'DELETE /bff/do-not-call/:phone',
        outcome: `ok: ${phone}`,
        status: 204,
        requestId: request.id,
      });
      return reply.code(204).send();
    },
  );

  // Rows are checked one by one: a bad row is reported with its line and the others still land.
  // The body is read in the import thread (ImportReader), not on this event loop: this scope takes
  // it as bytes, and the route's schema describes it (the OpenAPI document) without checking it here.
  await app.register(async (imports) => {
    imports.removeContentTypeParser('application/json');
    imports.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    imports.post(
      '/bff/do-not-call/import',
      {
        bodyLimit: 2 * 1024 * 1024,
        config: manager,
        // Past the person's imports of the minute: refused before the body is read (and the
        // connection closed, as any refusal of an unread body).
        preParsing: async (request, reply, payload) => {
          const refused = await quotaRefusal(db, request.session.userId);
          if (refused) {
            reply.header('connection', 'close');
            throw refused;
          }
          return payload;
        },
        schema: { tags, summary: 'Import rows one by one; bad rows are reported by line', body: DncImportBody, response: { 200: DncImportResult } },
        // Checked by the thread, with the same schema and the same field errors.
        validatorCompiler: () => (body) => ({ value: body }),
      },
      async (request) => {
        const s = request.session;
        const read = await ctx.imports.read(request.body as unknown as Buffer);
        if (read.kind === 'empty') throw new HttpError(400, 'The body is empty; send a JSON object.');
        if (read.kind === 'json') throw new HttpError(400, 'The body is not valid JSON.');
        if (read.kind === 'unstorable') throw new HttpError(400, read.problem.message, [read.problem]);
        if (read.kind === 'invalid') throw new SchemaError(read.errors);
        const { valid, problems } = read;
        // Set-based: one INSERT per batch, in one transaction (all rows or none).
        const addedPhones = await importNumbers(db, valid, s);
        const already = valid.length - addedPhones.length;
        const added = addedPhones.length;
        const campaigns = await holdingCampaigns(ctx, addedPhones);
        await audit(db, {
          username: s.username,
          action: 'doNotCall.import',
          route: 'POST /bff/do-not-call/import',
          outcome: `ok: ${added} added, ${already} already listed, ${problems.length} refused${holdingOutcome(campaigns)}`,
          status: 200,
          requestId: request.id,
        });
        return { added, already, problems, campaigns };
      },
    );
  });

  app.get(
    '/bff/do-not-call/campaigns',
    {
      schema: {
        tags,
        summary: 'Campaigns created through Switchboard that hold a listed number and may still call it (not cancelled), newest first',
        response: { 200: z.array(DncHoldingCampaign) },
      },
    },
    async () => holdingCampaigns(ctx, null),
  );

  app.post(
    '/bff/do-not-call/check',
    {
      bodyLimit: 1024 * 1024,
      schema: { tags, summary: 'Which of these numbers a create would leave out', body: DncCheckBody, response: { 200: DncCheckResult } },
    },
    async (request) => {
      const { phones } = request.body;
      return { skipped: await screenPhones(db, phones) };
    },
  );
};
