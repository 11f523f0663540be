/**
 * The BFF's write routes (contract/bff/write-routes.ts): the console's only way to change
 * anything upstream. Each runs the write path (server/services/writes.ts) and answers with the
 * upstream's status, body and rate-limit headers. GET /bff/writes/:key and
 * POST /bff/writes/:key/resolve tell what became of a create and record a person's resolution.
 */
import type { FastifyInstance } from 'fastify';
import { BFF_HEADERS } from '../../contract/bff/http.plain';
import { ResolveWriteAttempt } from '../../contract/bff/write-attempts';
import { BFF_WRITE_ROUTES, type BffWriteName } from '../../contract/bff/write-routes.plain';
import { toValidationErrors } from '../../contract/errors';
import type { Ctx } from '../context';
import { HttpError, requireSession } from '../http';
import { resolveWriteAttempt, writeAttempt } from '../services/write-attempts';
import { KEY_PATTERN, performWrite } from '../services/writes';

function keyParam(value: string): string {
  if (!KEY_PATTERN.test(value)) {
    throw new HttpError(400, 'That is not an Idempotency-Key.', [{ field: 'key', rejectedValue: value, message: '8-128 letters, digits, -_.:' }]);
  }
  return value;
}

export function writesPlugin(app: FastifyInstance, ctx: Ctx): void {
  for (const name of Object.keys(BFF_WRITE_ROUTES) as BffWriteName[]) {
    const def = BFF_WRITE_ROUTES[name];
    app.route<{ Params: Record<string, string> }>({
      method: def.method,
      url: def.path,
      bodyLimit: 4 * 1024 * 1024,
      handler: async (request, reply) => {
        const session = await requireSession(request, ctx);
        const answer = await performWrite(ctx, {
          name,
          params: request.params,
          body: request.body,
          idempotencyKey: request.headers[BFF_HEADERS.idempotencyKey.toLowerCase()] as string | undefined,
          session,
          requestId: request.id,
        });
        return reply.code(answer.status).headers(answer.headers).send(answer.body);
      },
    });
  }

  app.get<{ Params: { key: string } }>('/bff/writes/:key', async (request) => {
    const session = await requireSession(request, ctx);
    const attempt = await writeAttempt(ctx, session, keyParam(request.params.key));
    if (!attempt) throw new HttpError(404, 'No attempt with this key (or it expired): sending it is safe.');
    return attempt;
  });

  app.post<{ Params: { key: string } }>('/bff/writes/:key/resolve', { bodyLimit: 4 * 1024 }, async (request) => {
    const session = await requireSession(request, ctx);
    const key = keyParam(request.params.key);
    const parsed = ResolveWriteAttempt.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, 'Say whether it was applied.', toValidationErrors(parsed.error, request.body));
    return resolveWriteAttempt(ctx, session, key, parsed.data, request.id);
  });
}
