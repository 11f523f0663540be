/**
 * The guarded read proxy: GET /api/v1/* -> upstream /v1/*. Deny by default: only the contract's
 * routes pass (the token route is the BFF's own, never proxied), for a live session presenting a
 * token minted in that session, with the role's scope; params and query are validated with the
 * contract, and what is forwarded is the validated query, serialised again (never the raw one).
 * Writes never pass here: they go through the BFF's write routes (server/routes/writes.ts),
 * which hold the write tokens; any other method is a 405 naming the route to use. The upstream
 * request is built from scratch: none of the client's forwarding or identity headers pass, and
 * the API key is never added. Upstream 4xx bodies pass through; transport failures, timeouts,
 * 5xx and malformed bodies become 502/504 ErrorResponses.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BFF_WRITE_ROUTES } from '../../contract/bff/write-routes.plain';
import { toValidationErrors } from '../../contract/errors';
import { matchRoute, ROUTES, type RouteDef } from '../../contract/routes';
import { Passthrough } from '../../contract/bff/http';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { isJson } from '../services/json-check';
import { mayCall } from '../services/policy';
import { routesNeed } from '../plugins/session';

const PASS_HEADERS = ['content-type', 'x-callratelimit-limit', 'x-callratelimit-remaining', 'retry-after'];
const PROXIED = (Object.values(ROUTES) as RouteDef[]).filter((r) => r.scope !== null);

function parse(schema: RouteDef['params'], input: unknown): unknown {
  if (!schema) return input;
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(result.error, input));
  return result.data;
}

/** The validated query as a query string: defaults filled in, numbers in their one decimal form. */
function serialise(query: unknown): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) out.append(name, String(value));
  }
  return out.toString();
}

type Match = NonNullable<ReturnType<typeof matchRoute>>;
const patterns = PROXIED.map((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`));
const rawPathOf = (request: FastifyRequest) => request.url.slice('/api'.length).split('?', 1)[0] ?? '';

/**
 * The contract's route for this request, or the 404/405 that says why there is none. Runs before
 * the session hook, so an unknown route or a write is answered the same signed in or not.
 */
function contractRoute(request: FastifyRequest): Match {
  const rawPath = rawPathOf(request);
  const match = matchRoute(request.method, rawPath);
  if (!match || match.route.scope === null) {
    const known = patterns.some((p) => p.test(rawPath));
    throw new HttpError(known ? 405 : 404, known ? 'This method is not allowed on this route.' : 'No such API route.');
  }
  if (match.route.method !== 'GET') {
    // Writes are the BFF's to make (write tokens never reach a browser): say where they go.
    const write = Object.values(BFF_WRITE_ROUTES).find((w) => w.upstream === match.name);
    throw new HttpError(405, `Changes are not proxied; use ${write ? `${write.method} ${write.path}` : "the BFF's write routes"}.`, [], { Allow: 'GET' });
  }
  return match;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract route a proxied request matched (set by the proxy scope's first hook). */
    apiRoute: Match | null;
  }
}

export const proxyPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, sessions, broker, upstream } = app.ctx;
  // The route first (404/405), then the session, both before the body is read.
  app.decorateRequest('apiRoute', null);
  app.addHook('onRequest', async (request) => {
    request.apiRoute = contractRoute(request);
  });
  // Each read's scope is the upstream route's it resolves to, checked against the permission table below.
  routesNeed(app, 'upstream-scope');
  app.addHook('onRequest', app.requireSession);

  // Every method is answered (the hooks above say 404/405); only GET reaches the handler.
  app.route({
    method: ['DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'TRACE'],
    url: '/api/*',
    schema: { hide: true },
    handler: async () => {
      throw new HttpError(405, 'This method is not allowed on this route.');
    },
  });
  app.get(
    '/api/*',
    {
      schema: {
        tags: ['proxy'],
        summary: 'The guarded read proxy to the upstream GET /v1/* (the Voice API document describes each route)',
        description:
          "A contract GET route of the upstream under /api, e.g. /api/v1/calls?size=20. Needs the session cookie and a bearer token from /auth/token in this session; the route's scope must be the role's. Params and query are validated with the contract before the upstream is called.",
        params: z.object({ '*': z.string().meta({ description: 'The upstream path after /api, e.g. v1/calls.' }) }),
        security: [{ session: [], bearer: [] }],
        response: { '2XX': Passthrough },
      },
    },
    async (request, reply) => {
      // Background work on the upstream (the call index's sync) waits while people's reads are in progress.
      const end = upstream.interactive.begin();
      try {
        return await proxyRead(request, reply);
      } finally {
        end();
      }
    },
  );

  async function proxyRead(request: FastifyRequest, reply: FastifyReply) {
    const rawPath = rawPathOf(request);
    const { route, name, params } = request.apiRoute!;
    const session = request.session;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !(await sessions.tokenBelongsTo(bearer, session))) {
      throw new HttpError(401, 'Send a token obtained from /auth/token in this session.');
    }
    const routeLabel = `${route.method} ${route.path}`;
    if (!mayCall(session.role, route)) {
      await audit(db, { username: session.username, action: name, route: routeLabel, outcome: 'denied', status: 403, requestId: request.id });
      throw new HttpError(403, `Your role (${session.role}) may not do this.`);
    }
    parse(route.params, params);
    // Routes without a query schema take none: nothing of the raw query is forwarded.
    const query = route.query ? serialise(parse(route.query, request.query ?? {})) : '';

    const res = await upstream.read({
      route: name,
      path: rawPath + (query ? `?${query}` : ''),
      headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
    });
    // The answer's bytes go on as they came: checked to be JSON, never decoded or built (ADR 0027).
    let bytes: Buffer;
    try {
      bytes = await res.body;
    } catch {
      throw new HttpError(502, 'The Voice API answer broke off. Try again.');
    }
    if (res.statusCode === 401) broker.forgetToken(bearer);
    if (res.statusCode >= 500) {
      const extra: Record<string, string> = res.headers['retry-after'] !== undefined ? { 'Retry-After': String(res.headers['retry-after']) } : {};
      throw new HttpError(502, `The Voice API failed (${res.statusCode}). Try again in a moment.`, [], extra);
    }
    if (bytes.length > 0 && !(String(res.headers['content-type'] ?? '').includes('json') && isJson(bytes))) {
      throw new HttpError(502, 'The Voice API sent a malformed answer. Try again.');
    }
    const headers: Record<string, string> = {};
    for (const h of PASS_HEADERS) if (res.headers[h] !== undefined) headers[h] = String(res.headers[h]);
    return reply
      .code(res.statusCode)
      .headers(headers)
      .send(bytes.length > 0 ? bytes : '');
  }
};
