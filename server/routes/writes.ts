/**
 * The BFF's write routes (contract/bff/write-routes.plain.ts): the console's only way to change
 * anything upstream. Each checks the role first (an onRequest hook, audited), then its schema —
 * the upstream route's params and body from the contract — and runs the rest of the write path
 * (server/services/writes/writes.ts) on the body as sent, answering with the upstream's status, body and
 * rate-limit headers. GET /bff/writes/:key and POST /bff/writes/:key/resolve tell what became of
 * a create and record a person's resolution.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BFF_HEADERS } from '../../contract/bff/http.plain';
import { ResolveWriteAttempt, WriteAttempt, WriteKeyParams } from '../../contract/bff/write-attempts';
import { BFF_WRITE_ROUTES, type BffWriteName } from '../../contract/bff/write-routes.plain';
import { ROUTES, type RouteDef } from '../../contract/routes';
import { HttpError } from '../http';
import { resolveWriteAttempt, writeAttempt } from '../services/writes/write-attempts';
import { checkWriteRole, performWrite } from '../services/writes/writes';
import { routesNeed } from '../plugins/session';
import { OVERRIDE_LOCAL_HOURS_HEADER } from '../../contract/bff/local-hours';

declare module 'fastify' {
  interface FastifyRequest {
    /** A write route's body as the browser sent it (kept before the schema parses it). */
    sentBody: unknown;
  }
}

const idempotencyKeyOf = (request: FastifyRequest) => request.headers[BFF_HEADERS.idempotencyKey.toLowerCase()] as string | undefined;

const SPLIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The split a campaign create is a part of (BFF_HEADERS.splitGroup): a UUID, or absent; anything else is a 400 naming the header. */
function splitIdOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[BFF_HEADERS.splitGroup.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !SPLIT_ID.test(raw))
    throw new HttpError(400, `The ${BFF_HEADERS.splitGroup} header is not a UUID.`, [
      { field: BFF_HEADERS.splitGroup, rejectedValue: null, message: 'Send one UUID for every part of the split, or no header.' },
    ]);
  return raw.toLowerCase();
}

export const writesPlugin: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Every route here is a signed-in user's: the session is checked once, by this scope's hook.
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);
  app.decorateRequest('sentBody', null);

  for (const name of Object.keys(BFF_WRITE_ROUTES) as BffWriteName[]) {
    const def = BFF_WRITE_ROUTES[name];
    const upstream: RouteDef = ROUTES[def.upstream];
    app.route({
      method: def.method,
      url: def.path,
      bodyLimit: 4 * 1024 * 1024,
      // The upstream route's scope, checked against the permission table by the write path (checkWriteRole).
      config: { permission: 'upstream-scope' },
      schema: {
        tags: ['writes'],
        summary: `${upstream.method} ${upstream.path} made by the BFF`,
        description: `Takes the body of the upstream route and answers with its status, body and rate-limit headers.${
          def.idempotent ? ` Needs an ${BFF_HEADERS.idempotencyKey} header.` : ''
        }${
          name === 'createCall' || name === 'bulkCalls'
            ? ` Numbers outside the calling windows in their own time zone are held back (one call: 422; a list: left out, named in hoursSkipped) unless a role with calls:override-hours sends ${OVERRIDE_LOCAL_HOURS_HEADER}: true.`
            : ''
        }`,
        ...(upstream.params ? { params: upstream.params } : {}),
        body: upstream.body!,
        response: { [def.status]: upstream.response },
      },
      // The role before the input is read: a role that may not write learns nothing from a 400.
      onRequest: async (request) => checkWriteRole(ctx, { name, session: request.session, idempotencyKey: idempotencyKeyOf(request), requestId: request.id }),
      // What is sent upstream and hashed for replay is the body as given, not the schema's output.
      preValidation: async (request) => {
        request.sentBody = request.body;
      },
      handler: async (request, reply) => {
        const answer = await performWrite(ctx, {
          name,
          params: (request.params ?? {}) as Record<string, string>,
          body: request.sentBody,
          idempotencyKey: idempotencyKeyOf(request),
          session: request.session,
          requestId: request.id,
          overrideLocalHours: request.headers[OVERRIDE_LOCAL_HOURS_HEADER.toLowerCase()] === 'true',
          splitId: name === 'createCampaign' ? splitIdOf(request) : undefined,
        });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  }

  app.get(
    '/bff/writes/:key',
    {
      schema: { tags: ['writes'], summary: 'What became of a create, by its Idempotency-Key', params: WriteKeyParams, response: { 200: WriteAttempt } },
      config: { invalidMessage: 'That is not an Idempotency-Key.' },
    },
    async (request) => {
      const attempt = await writeAttempt(ctx, request.session, request.params.key);
      if (!attempt) throw new HttpError(404, 'No attempt with this key (or it expired): sending it is safe.');
      return attempt;
    },
  );

  app.post(
    '/bff/writes/:key/resolve',
    {
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['writes'],
        summary: 'Record what a person found out about a create whose outcome is unknown',
        params: WriteKeyParams,
        body: ResolveWriteAttempt,
        response: { 200: WriteAttempt },
      },
      config: { invalidMessage: 'Say whether it was applied.' },
    },
    async (request) => resolveWriteAttempt(ctx, request.session, request.params.key, request.body, request.id),
  );
};
