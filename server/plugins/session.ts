/**
 * The session guard. `request.session` is decorated on every request (null until a guard sets
 * it); a route plugin whose routes need a signed-in user adds `app.requireSession` as an
 * `onRequest` hook of its own encapsulated scope, so the session is read once per request, before
 * the body is parsed, and a missing or ended session is a 401 for every route of that scope.
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { currentSession, HttpError } from '../http';
import type { Session } from '../services/sessions';

declare module 'fastify' {
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
    });
  },
  { name: 'session', dependencies: ['services'] },
);
