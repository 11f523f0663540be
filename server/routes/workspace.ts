/**
 * What the BFF keeps for staff: the campaign registry (the upstream has no campaign list), drafts
 * (the campaign wizard's; recipients are personal data kept off the browser), saved call-list
 * views, and the audit log for admins. Every query is parameterised.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditPage,
  AuditQuery,
  Draft,
  DRAFT_MAX_BYTES,
  DraftBody,
  DraftList,
  DraftName,
  DraftState,
  RegistryPage,
  SavedView,
  SavedViewBody,
  SavedViewList,
  SavedViewName,
  NoContent,
} from '../../contract/bff/http';
import type { JsonValue } from '../../contract/json';
import { PageQuery } from '../../contract/queries';
import { pageOf } from '../../contract/schemas/page';
import { HttpError } from '../http';
import { checkQuota, DRAFT_QUOTA, VIEW_QUOTA } from '../services/quotas';
import { routesNeed } from '../plugins/session';

const DRAFT_DAYS = 7;

const DraftParams = z.object({ name: DraftName });
const ViewParams = z.object({ name: SavedViewName });

const iso = (d: Date | string) => new Date(d).toISOString();

export const workspacePlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  // Every route here is a signed-in user's: the session is checked once, by this scope's hook.
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  app.get(
    '/bff/campaigns',
    { schema: { tags: ['workspace'], summary: 'Campaigns created through the BFF, newest first', querystring: PageQuery, response: { 200: RegistryPage } } },
    async (request) => {
      const q = request.query;
      const { rows } = await db.query<{ id: string; name: string; agent_id: string; created_by: string; created_at: Date; total: number }>(
        'SELECT *, count(*) OVER ()::int AS total FROM campaigns ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
        [q.size, (q.page - 1) * q.size],
      );
      const total = rows[0]?.total ?? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns')).rows[0]!.n;
      return pageOf(
        rows.map((r) => ({ id: r.id, name: r.name, agentId: r.agent_id, createdBy: r.created_by, createdAt: iso(r.created_at) })),
        q,
        total,
      );
    },
  );

  // Drafts: expired ones (7 days untouched) are neither listed nor served, and are swept on writes.
  app.get('/bff/drafts', { schema: { tags: ['workspace'], summary: "The user's drafts", response: { 200: DraftList } } }, async (request) => {
    const s = request.session;
    const { rows } = await db.query<{ name: string; updated_at: Date }>(
      `SELECT name, updated_at FROM drafts WHERE user_id = $1 AND updated_at >= now() - interval '${DRAFT_DAYS} days' ORDER BY updated_at DESC`,
      [s.userId],
    );
    return rows.map((r) => ({ name: r.name, updatedAt: iso(r.updated_at) }));
  });
  app.get(
    '/bff/drafts/:name',
    { schema: { tags: ['workspace'], summary: 'A draft, or null', params: DraftParams, response: { 200: DraftState } } },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const { rows } = await db.query<{ data: JsonValue; updated_at: Date }>(
        `SELECT data, updated_at FROM drafts WHERE user_id = $1 AND name = $2 AND updated_at >= now() - interval '${DRAFT_DAYS} days'`,
        [s.userId, name],
      );
      // No draft is the normal case (nothing saved yet): 200 with null, not an error.
      if (!rows[0]) return null;
      return { name, data: rows[0].data, updatedAt: iso(rows[0].updated_at) };
    },
  );
  app.put(
    '/bff/drafts/:name',
    {
      bodyLimit: DRAFT_MAX_BYTES,
      schema: { tags: ['workspace'], summary: 'Keep a draft (7 days untouched)', params: DraftParams, body: DraftBody, response: { 200: Draft } },
    },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const { data } = request.body;
      const json = JSON.stringify(data);
      await checkQuota(db, DRAFT_QUOTA, s.userId, name, Buffer.byteLength(json));
      const { rows } = await db.query<{ updated_at: Date }>(
        `INSERT INTO drafts (user_id, name, data, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET data = EXCLUDED.data, updated_at = now() RETURNING updated_at`,
        [s.userId, name, json],
      );
      await db.query(`DELETE FROM drafts WHERE updated_at < now() - interval '${DRAFT_DAYS} days'`);
      return { name, data, updatedAt: iso(rows[0]!.updated_at) };
    },
  );
  /** Deletes one of the user's own named rows (a draft, a view): 204, whether or not it was there. */
  const deleteOwn = (url: string, table: 'drafts' | 'views', summary: string, params: typeof DraftParams | typeof ViewParams) =>
    app.delete(url, { schema: { tags: ['workspace'], summary, params, response: { 204: NoContent } } }, async (request, reply) => {
      await db.query(`DELETE FROM ${table} WHERE user_id = $1 AND name = $2`, [request.session.userId, request.params.name]);
      return reply.code(204).send();
    });
  deleteOwn('/bff/drafts/:name', 'drafts', 'Delete a draft (204)', DraftParams);

  app.get(
    '/bff/views',
    { schema: { tags: ['workspace'], summary: "The user's saved views of the calls list", response: { 200: SavedViewList } } },
    async (request) => {
      const s = request.session;
      const { rows } = await db.query<{ name: string; search: Record<string, JsonValue>; updated_at: Date }>(
        'SELECT name, search, updated_at FROM views WHERE user_id = $1 ORDER BY name',
        [s.userId],
      );
      return rows.map((r) => ({ name: r.name, search: r.search, updatedAt: iso(r.updated_at) }));
    },
  );
  app.get(
    '/bff/views/:name',
    { schema: { tags: ['workspace'], summary: 'A saved view', params: ViewParams, response: { 200: SavedView } } },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const { rows } = await db.query<{ search: Record<string, JsonValue>; updated_at: Date }>(
        'SELECT search, updated_at FROM views WHERE user_id = $1 AND name = $2',
        [s.userId, name],
      );
      if (!rows[0]) throw new HttpError(404, 'No saved view by that name.');
      return { name, search: rows[0].search, updatedAt: iso(rows[0].updated_at) };
    },
  );
  app.put(
    '/bff/views/:name',
    {
      bodyLimit: 16 * 1024,
      schema: { tags: ['workspace'], summary: 'Keep a saved view', params: ViewParams, body: SavedViewBody, response: { 200: SavedView } },
    },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const { search } = request.body;
      await checkQuota(db, VIEW_QUOTA, s.userId, name, Buffer.byteLength(JSON.stringify(search)));
      const { rows } = await db.query<{ updated_at: Date }>(
        `INSERT INTO views (user_id, name, search, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET search = EXCLUDED.search, updated_at = now() RETURNING updated_at`,
        [s.userId, name, JSON.stringify(search)],
      );
      return { name, search, updatedAt: iso(rows[0]!.updated_at) };
    },
  );
  deleteOwn('/bff/views/:name', 'views', 'Delete a saved view (204)', ViewParams);

  app.get(
    '/bff/audit',
    {
      schema: { tags: ['workspace'], summary: 'The audit log (admins)', querystring: AuditQuery, response: { 200: AuditPage } },
      // The role before the query: a non-admin learns nothing from a 400.
      config: { permission: 'audit:read' },
    },
    async (request) => {
      const q = request.query;
      const { rows } = await db.query<{
        id: number;
        at: Date;
        username: string | null;
        action: string;
        route: string | null;
        idempotency_key: string | null;
        outcome: string;
        status: number | null;
        request_id: string;
        repeats: number;
        last_at: Date | null;
        total: number;
      }>(
        `SELECT *, count(*) OVER ()::int AS total FROM audit
       WHERE ($1::text IS NULL OR username = $1) AND ($2::text IS NULL OR action = $2)
         AND ($3::text IS NULL OR outcome LIKE $3 || '%') AND ($4::timestamptz IS NULL OR at >= $4) AND ($5::timestamptz IS NULL OR at <= $5)
       ORDER BY at DESC, id DESC LIMIT $6 OFFSET $7`,
        [q.user ?? null, q.action ?? null, q.outcome?.replace(/[\\%_]/g, '\\$&') ?? null, q.from ?? null, q.to ?? null, q.size, (q.page - 1) * q.size],
      );
      const total = rows[0]?.total ?? 0;
      return pageOf(
        rows.map((r) => ({
          id: Number(r.id),
          at: iso(r.at),
          user: r.username,
          action: r.action,
          route: r.route,
          idempotencyKey: r.idempotency_key,
          outcome: r.outcome,
          status: r.status,
          requestId: r.request_id,
          repeats: r.repeats,
          lastAt: r.last_at ? iso(r.last_at) : null,
        })),
        q,
        total,
      );
    },
  );
};
