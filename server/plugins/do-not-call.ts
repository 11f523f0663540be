/**
 * /bff/do-not-call: the list staff manage (operators and admins write; every signed-in role reads,
 * so a reviewer sees that a number is listed), its CSV import and export, and the check the wizard
 * and the bulk screen ask before launch. Every change is audited. Enforcement itself is in
 * services/do-not-call.ts `screenCreate`, on the write path.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DNC_MANAGER_ROLES, DncAddBody, DncCheckBody, DncImportBody, DncQuery, DncReason, type DncRowProblem } from '../../contract/bff/do-not-call';
import { toValidationErrors } from '../../contract/errors';
import { pageOf } from '../../contract/schemas/page';
import type { Ctx } from '../context';
import { HttpError, requireSession } from '../http';
import { audit } from '../services/audit';
import { addNumber, screenPhones, toE164, toEntry } from '../services/do-not-call';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(result.error, input));
  return result.data;
}

/** A CSV cell a spreadsheet will not evaluate (the same rule as the calls export: a leading quote). */
function csvCell(value: string | null): string {
  let text = value ?? '';
  if (FORMULA_START.test(text.trimStart())) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function doNotCallPlugin(app: FastifyInstance, ctx: Ctx): void {
  const { db } = ctx;

  async function manager(request: Parameters<typeof requireSession>[0]) {
    const s = await requireSession(request, ctx);
    if (!DNC_MANAGER_ROLES.includes(s.role)) throw new HttpError(403, `Your role (${s.role}) may not change the do-not-call list.`);
    return s;
  }

  app.get('/bff/do-not-call', async (request) => {
    await requireSession(request, ctx);
    const q = parse(DncQuery, request.query);
    const digits = q.q?.replace(/[^\d]/g, '') ?? '';
    const like = q.q ? `%${q.q.replace(/[\\%_]/g, '\\$&')}%` : null;
    const { rows } = await db.query<Parameters<typeof toEntry>[0] & { total: number }>(
      `SELECT *, count(*) OVER ()::int AS total FROM do_not_call
       WHERE $1::text IS NULL OR reason ILIKE $1 OR ($2 <> '' AND phone LIKE '%' || $2 || '%')
       ORDER BY added_at DESC, phone LIMIT $3 OFFSET $4`,
      [like, digits, q.size, (q.page - 1) * q.size],
    );
    const total = rows[0]?.total ?? 0;
    return pageOf(rows.map(toEntry), q, total);
  });

  app.get('/bff/do-not-call/export.csv', async (request, reply) => {
    await manager(request);
    const { rows } = await db.query<Parameters<typeof toEntry>[0]>('SELECT * FROM do_not_call ORDER BY added_at DESC, phone');
    const lines = ['phone,reason,source,rule,callId,addedBy,addedAt'];
    for (const r of rows.map(toEntry)) {
      lines.push([r.phone, r.reason, r.source, r.rule, r.callId, r.addedBy, r.addedAt].map(csvCell).join(','));
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="do-not-call.csv"')
      .send(lines.join('\r\n') + '\r\n');
  });

  app.post('/bff/do-not-call', async (request, reply) => {
    const s = await manager(request);
    const body = parse(DncAddBody, request.body);
    const result = await addNumber(db, { ...body, addedBy: s.username });
    if (!result)
      throw new HttpError(400, 'Some fields are not valid.', [
        { field: 'phone', rejectedValue: body.phone, message: 'Not a possible phone number: give it in international form, such as +33612345678.' },
      ]);
    if (result.created) {
      await audit(db, {
        username: s.username,
        action: 'doNotCall.add',
        route: 'POST /bff/do-not-call',
        outcome: `ok: ${result.entry.phone} (${body.source})`,
        status: 201,
        requestId: request.id,
      });
    }
    return reply.code(result.created ? 201 : 200).send(result.entry);
  });

  app.delete<{ Params: { phone: string } }>('/bff/do-not-call/:phone', async (request, reply) => {
    const s = await manager(request);
    const phone = toE164(request.params.phone);
    if (!phone)
      throw new HttpError(400, 'Some fields are not valid.', [{ field: 'phone', rejectedValue: request.params.phone, message: 'Not a phone number.' }]);
    const { rows } = await db.query('DELETE FROM do_not_call WHERE phone = $1 RETURNING phone', [phone]);
    if (rows.length === 0) throw new HttpError(404, `${phone} is not on the do-not-call list.`);
    await audit(db, {
      username: s.username,
      action: 'doNotCall.remove',
      route: 'DELETE /bff/do-not-call/:phone',
      outcome: `ok: ${phone}`,
      status: 204,
      requestId: request.id,
    });
    return reply.code(204).send();
  });

  // Rows are checked one by one: a bad row is reported with its line and the others still land.
  app.post('/bff/do-not-call/import', { bodyLimit: 2 * 1024 * 1024 }, async (request) => {
    const s = await manager(request);
    const { rows } = parse(DncImportBody, request.body);
    const problems: DncRowProblem[] = [];
    let added = 0;
    let already = 0;
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const reason = DncReason.safeParse(row.reason);
        if (!reason.success) {
          problems.push({ line: row.line, phone: row.phone, reason: reason.error.issues[0]!.message });
          continue;
        }
        const result = await addNumber(tx, { phone: row.phone.replace(/^'/, ''), reason: reason.data, source: 'import', addedBy: s.username });
        if (!result) problems.push({ line: row.line, phone: row.phone, reason: `"${row.phone}" is not a possible phone number in international form.` });
        else if (result.created) added++;
        else already++;
      }
    });
    await audit(db, {
      username: s.username,
      action: 'doNotCall.import',
      route: 'POST /bff/do-not-call/import',
      outcome: `ok: ${added} added, ${already} already listed, ${problems.length} refused`,
      status: 200,
      requestId: request.id,
    });
    return { added, already, problems };
  });

  app.post('/bff/do-not-call/check', { bodyLimit: 1024 * 1024 }, async (request) => {
    await requireSession(request, ctx);
    const { phones } = parse(DncCheckBody, request.body);
    return { skipped: await screenPhones(db, phones) };
  });
}
