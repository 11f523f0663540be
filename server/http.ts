/** Shared HTTP helpers of the BFF: ErrorResponse with a request id, the session cookie. */
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from '../contract/errors';
import type { ValidationError } from '../contract/schemas/error';
import { BFF_HEADERS } from '../contract/bff/http';
import type { Ctx } from './context';
import type { Session } from './services/auth/sessions';

export { HttpError } from '../common/http-errors';

export function sendError(reply: FastifyReply, status: number, message: string, errors: ValidationError[] = []): FastifyReply {
  return reply
    .code(status)
    .header(BFF_HEADERS.requestId, reply.request.id)
    .type('application/json')
    .send({ ...errorResponse(status, message, errors), requestId: reply.request.id });
}

/**
 * `__Host-` prefixed, HttpOnly, Secure, SameSite=Strict, Path=/. Browsers accept Secure cookies
 * over plain http on localhost only, which is the one place plain http is allowed (config.ts).
 */
export const SESSION_COOKIE = '__Host-sb_session';
export const SESSION_COOKIE_OPTIONS = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;

export function currentSession(request: FastifyRequest, ctx: Ctx): Promise<Session | null> {
  return ctx.sessions.read(request.cookies[SESSION_COOKIE]);
}
