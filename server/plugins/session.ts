/**
 * The session guard and the permission table's one hook. `request.session` is decorated on every
 * request (null until a guard sets it); a route plugin whose routes need a signed-in user adds
 * `app.requireSession` as an `onRequest` hook of its own encapsulated scope, so the session is read
 * once per request, before the body is parsed, and a missing or ended session is a 401 for every
 * route of that scope. The same hook then refuses (403) a role without the permission the route
 * declares (`config: { permission }`, contract/bff/permissions.ts), still before the body is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, refusal, type Permission } from '../../contract/bff/permissions';
import { currentSession, HttpError } from '../http';
import type { Session } from '../services/auth/sessions';

/**
 * What a route needs, declared on every route (server/routes/permissions.test.ts lists any that
 * does not): a permission of the table; `public` for the few routes anyone may call (the
 * OpenAPI document's PUBLIC_ROUTES); `upstream-scope` for the proxy and the write routes, whose
 * scope is the upstream route's they resolve to, checked against the same table there.
 */
export type RouteAccess = Permission | 'public' | 'upstream-scope';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user's session: set by `requireSession`; read it only in scopes that add that hook. */
    session: Session;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 without a live session, else `request.session` is set. */
    requireSession(request: FastifyRequest): Promise<void>;
  }
}

export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('session', null as unknown as Session);
    app.decorate('requireSession', async function requireSession(request: FastifyRequest) {
      const session = await currentSession(request, app.ctx);
      if (!session) throw new HttpError(401, 'Your session has ended. Sign in again.');
      request.session = session;
      const permission = request.routeOptions.config.permission;
      if (permission !== undefined && permission !== 'public' && permission !== 'upstream-scope' && !can(session.role, permission))
        throw new HttpError(403, refusal(session.role, permission));
    });
  },
  { name: 'session', dependencies: ['services'] },
);

/**
 * Declares what every route this scope registers from here on needs, unless the route declares
 * its own (`config: { permission }`): a plugin whose routes all need one permission says it once.
 */
export function routesNeed(app: FastifyInstance, permission: RouteAccess): void {
  app.addHook('onRoute', (route) => {
    route.config = Object.assign(route.config ?? {}, { permission: route.config?.permission ?? permission });
  });
}
