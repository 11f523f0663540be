/**
 * What the BFF keeps for staff: the campaign registry (the upstream has no campaign list), drafts
 * (the campaign wizard's, personal data kept off the browser), saved call-list views, and the
 * audit log for admins.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DRAFT_MAX_BYTES, DraftName } from '../../contract/bff/http';
import { toValidationErrors } from '../../contract/errors';
import { JsonValue } from '../../contract/json';
import type { Db } from '../../common/db';
import type { Config } from '../config';
import { HttpError, requireSession } from '../http';

const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
const AuditQuery = Paging.extend({ user: z.string().max(100).optional(), action: z.string().max(100).optional() });
const DraftBody = z.strictObject({ data: JsonValue });
const ViewBody = z.strictObject({ search: z.record(z.string(), JsonValue) });
const DRAFT_DAYS = 7;

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(result.error, input));
  return result.data;
}

const page = <T>(content: T[], total: number, q: { page: number; size: number }) => ({
  content, page: q.page, size: q.size, totalElements: total, totalPages: Math.ceil(total / q.size),
});

export function workspacePlugin(app: FastifyInstance, db: Db, config: Config): void {
  app.get('/bff/campaigns', async (request) => {
    await requireSession(request, db, config);
    const q = parse(Paging, request.query);
    const { rows } = await db.query<{ id: string; name: string; agent_id: string; created_by: string; created_at: Date; total: number }>(
      'SELECT *, count(*) OVER ()::int AS total FROM campaigns ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
      [q.size, (q.page - 1) * q.size],
    );
    const total = rows[0]?.total ?? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns')).rows[0]!.n;
    return page(rows.map((r) => ({ id: r.id, name: r.name, agentId: r.agent_id, createdBy: r.created_by, createdAt: new Date(r.created_at).toISOString() })), total, q);
  });

  app.get('/bff/drafts', async (request) => {
    const s = await requireSession(request, db, config);
    await db.query(`DELETE FROM drafts WHERE updated_at < now() - interval '${DRAFT_DAYS} days'`);
    const { rows } = await db.query<{ name: string; updated_at: Date }>('SELECT name, updated_at FROM drafts WHERE user_id = $1 ORDER BY updated_at DESC', [s.userId]);
    return rows.map((r) => ({ name: r.name, updatedAt: new Date(r.updated_at).toISOString() }));
  });
  app.get<{ Params: { name: string } }>('/bff/drafts/:name', async (request) => {
    const s = await requireSession(request, db, config);
    const name = parse(DraftName, request.params.name);
    const { rows } = await db.query<{ data: unknown; updated_at: Date }>(
      `SELECT data, updated_at FROM drafts WHERE user_id = $1 AND name = $2 AND updated_at >= now() - interval '${DRAFT_DAYS} days'`,
      [s.userId, name],
    );
    if (!rows[0]) throw new HttpError(404, 'No draft by that name.');
    return { name, data: rows[0].data, updatedAt: new Date(rows[0].updated_at).toISOString() };
  });
  app.put<{ Params: { name: string } }>('/bff/drafts/:name', { bodyLimit: DRAFT_MAX_BYTES }, async (request) => {
    const s = await requireSession(request, db, config);
    const name = parse(DraftName, request.params.name);
    const { data } = parse(DraftBody, request.body);
    const { rows } = await db.query<{ updated_at: Date }>(
      `INSERT INTO drafts (user_id, name, data, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET data = EXCLUDED.data, updated_at = now() RETURNING updated_at`,
      [s.userId, name, JSON.stringify(data)],
    );
    return { name, data, updatedAt: new Date(rows[0]!.updated_at).toISOString() };
  });
  app.delete<{ Params: { name: string } }>('/bff/drafts/:name', async (request, reply) => {
    const s = await requireSession(request, db, config);
    await db.query('DELETE FROM drafts WHERE user_id = $1 AND name = $2', [s.userId, parse(DraftName, request.params.name)]);
    return reply.code(204).send();
  });

  app.get('/bff/views', async (request) => {
    const s = await requireSession(request, db, config);
    const { rows } = await db.query<{ name: string; search: unknown; updated_at: Date }>('SELECT name, search, updated_at FROM views WHERE user_id = $1 ORDER BY name', [s.userId]);
    return rows.map((r) => ({ name: r.name, search: r.search, updatedAt: new Date(r.updated_at).toISOString() }));
  });
  app.put<{ Params: { name: string } }>('/bff/views/:name', { bodyLimit: 16 * 1024 }, async (request) => {
    const s = await requireSession(request, db, config);
    const name = parse(z.string().trim().min(1).max(80), decodeURIComponent(request.params.name));
    const { search } = parse(ViewBody, request.body);
    await db.query(
      `INSERT INTO views (user_id, name, search, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET search = EXCLUDED.search, updated_at = now()`,
      [s.userId, name, JSON.stringify(search)],
    );
    return { name, search };
  });
  app.delete<{ Params: { name: string } }>('/bff/views/:name', async (request, reply) => {
    const s = await requireSession(request, db, config);
    await db.query('DELETE FROM views WHERE user_id = $1 AND name = $2', [s.userId, decodeURIComponent(request.params.name)]);
    return reply.code(204).send();
  });

  app.get('/bff/audit', async (request) => {
    const s = await requireSession(request, db, config);
    if (s.role !== 'admin') throw new HttpError(403, 'Only admins can read the audit log.');
    const q = parse(AuditQuery, request.query);
    const { rows } = await db.query<{ id: number; at: Date; username: string | null; action: string; route: string | null; idempotency_key: string | null; outcome: string; status: number | null; request_id: string; total: number }>(
      `SELECT *, count(*) OVER ()::int AS total FROM audit
       WHERE ($1::text IS NULL OR username = $1) AND ($2::text IS NULL OR action = $2)
       ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4`,
      [q.user ?? null, q.action ?? null, q.size, (q.page - 1) * q.size],
    );
    return page(
      rows.map((r) => ({ id: Number(r.id), at: new Date(r.at).toISOString(), user: r.username, action: r.action, route: r.route, idempotencyKey: r.idempotency_key, outcome: r.outcome, status: r.status, requestId: r.request_id })),
      rows[0]?.total ?? 0,
      q,
    );
  });
}
