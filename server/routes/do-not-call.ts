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
  DncReason,
  type DncRowProblem,
} from '../../contract/bff/do-not-call';
import { pageOf } from '../../contract/schemas/page';
import { CsvFile, NoContent } from '../../contract/bff/http';
import { csvSafeCell } from '../../contract/csv-safe';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { addNumber, importNumbers, listEntries, listedForm, removeNumber, screenPhones, toE164 } from '../services/do-not-call/list';
import { holdingCampaigns, holdingOutcome } from '../services/do-not-call/campaigns';
import { quotaRefusal } from '../services/do-not-call/import-quota';
import { routesNeed } from '../plugins/session';
import { mapInSlices } from '../services/slices';

/** Rows of an import normalised between two yields to the event loop: about 10 ms of work. */
const IMPORT_SLICE = 1_000;

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
  app.post(
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
    },
    async (request) => {
      const s = request.session;
      const { rows } = request.body;
      const problems: DncRowProblem[] = [];
      const valid: { phone: string; reason: string }[] = [];
      // Normalised a slice at a time (5,000 numbers are ~60 ms of one core), answering others between.
      const phones = await mapInSlices(rows, IMPORT_SLICE, (row) => toE164(row.phone.replace(/^'/, '')));
      for (const [i, row] of rows.entries()) {
        const reason = DncReason.safeParse(row.reason);
        const phone = phones[i];
        if (!reason.success) problems.push({ line: row.line, phone: row.phone, reason: reason.error.issues[0]!.message });
        else if (!phone) problems.push({ line: row.line, phone: row.phone, reason: `"${row.phone}" is not a possible phone number in international form.` });
        else valid.push({ phone, reason: reason.data });
      }
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
