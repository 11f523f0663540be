/** Shared HTTP helpers of the BFF: ErrorResponse with a request id, the session guard. */
import '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from '../contract/errors';
import type { ValidationError } from '../contract/schemas/error';
import { BFF_HEADERS } from '../contract/bff/http';
import type { Db } from '../common/db';
import type { Config } from './config';
import { readSession, type Session } from './services/sessions';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ValidationError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function sendError(reply: FastifyReply, status: number, message: string, errors: ValidationError[] = []): FastifyReply {
  return reply
    .code(status)
    .header(BFF_HEADERS.requestId, reply.request.id)
    .type('application/json')
    .send({ ...errorResponse(status, message, errors), requestId: reply.request.id });
}

export interface SessionCookie {
  name: string;
  secure: boolean;
}

/** `__Host-` and Secure over https; on plain http (localhost only) a plain name. */
export function sessionCookie(config: Config): SessionCookie {
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return { name: secure ? '__Host-sb_session' : 'sb_session', secure };
}

export async function currentSession(request: FastifyRequest, db: Db, config: Config, bearer?: string): Promise<(Session & { tokenOk: boolean }) | null> {
  const cookie = request.cookies[sessionCookie(config).name];
  return readSession(db, cookie, { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 }, bearer);
}

export async function requireSession(request: FastifyRequest, db: Db, config: Config): Promise<Session> {
  const session = await currentSession(request, db, config);
  if (!session) throw new HttpError(401, 'Your session has ended. Sign in again.');
  return session;
}
