/**
 * What the BFF keeps for staff: the campaign registry (the upstream has no campaign list), drafts
 * (the campaign wizard's; recipients are personal data kept off the browser), saved call-list
 * views, and the audit log for admins. The SQL lives in server/services/workspace/workspace.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuditPage,
  AuditQuery,
  Draft,
  DRAFT_LIMITS,
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
import { PageQuery } from '../../contract/queries';
import { pageOf } from '../../contract/schemas/page';
import { HttpError } from '../http';
import { boundedJson } from '../services/json-bounds';
import { checkQuota, DRAFT_QUOTA, VIEW_QUOTA } from '../services/workspace/quotas';
import {
  auditPage,
  deleteOwn as deleteOwnRow,
  listDrafts,
  listViews,
  readDraft,
  readView,
  registryPage,
  writeDraft,
  writeView,
} from '../services/workspace/workspace';
import { routesNeed } from '../plugins/session';

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
      const { rows, total } = await registryPage(db, q.size, (q.page - 1) * q.size);
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
    const rows = await listDrafts(db, s.userId);
    return rows.map((r) => ({ name: r.name, updatedAt: iso(r.updated_at) }));
  });
  app.get(
    '/bff/drafts/:name',
    { schema: { tags: ['workspace'], summary: 'A draft, or null', params: DraftParams, response: { 200: DraftState } } },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const draft = await readDraft(db, s.userId, name);
      // No draft is the normal case (nothing saved yet): 200 with null, not an error.
      if (!draft) return null;
      return { name, data: draft.data, updatedAt: iso(draft.updated_at) };
    },
  );
  app.put(
    '/bff/drafts/:name',
    {
      bodyLimit: DRAFT_MAX_BYTES,
      // Bytes and keys counted as they arrive: a draft past either is refused before it is parsed.
      preParsing: boundedJson(DRAFT_LIMITS, 'data', 'The draft'),
      schema: { tags: ['workspace'], summary: 'Keep a draft (7 days untouched)', params: DraftParams, body: DraftBody, response: { 200: Draft } },
    },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const { data } = request.body;
      const json = JSON.stringify(data);
      await checkQuota(db, DRAFT_QUOTA, s.userId, name, Buffer.byteLength(json));
      const updatedAt = await writeDraft(db, s.userId, name, json);
      return { name, data, updatedAt: iso(updatedAt) };
    },
  );
  /** Deletes one of the user's own named rows (a draft, a view): 204, whether or not it was there. */
  const deleteOwn = (url: string, table: 'drafts' | 'views', summary: string, params: typeof DraftParams | typeof ViewParams) =>
    app.delete(url, { schema: { tags: ['workspace'], summary, params, response: { 204: NoContent } } }, async (request, reply) => {
      await deleteOwnRow(db, table, request.session.userId, request.params.name);
      return reply.code(204).send();
    });
  deleteOwn('/bff/drafts/:name', 'drafts', 'Delete a draft (204)', DraftParams);

  app.get(
    '/bff/views',
    { schema: { tags: ['workspace'], summary: "The user's saved views of the calls list", response: { 200: SavedViewList } } },
    async (request) => {
      const s = request.session;
      const rows = await listViews(db, s.userId);
      return rows.map((r) => ({ name: r.name, search: r.search, updatedAt: iso(r.updated_at) }));
    },
  );
  app.get(
    '/bff/views/:name',
    { schema: { tags: ['workspace'], summary: 'A saved view', params: ViewParams, response: { 200: SavedView } } },
    async (request) => {
      const s = request.session;
      const { name } = request.params;
      const view = await readView(db, s.userId, name);
      if (!view) throw new HttpError(404, 'No saved view by that name.');
      return { name, search: view.search, updatedAt: iso(view.updated_at) };
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
      const updatedAt = await writeView(db, s.userId, name, JSON.stringify(search));
      return { name, search, updatedAt: iso(updatedAt) };
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
      const { rows, total } = await auditPage(db, q, q.size, (q.page - 1) * q.size);
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
