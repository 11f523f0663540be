import type { FastifyReply } from 'fastify';
import type { SimState } from '../state';
import type { Caller } from './auth';

/** What every route handler receives, already authenticated and validated. */
export interface HandlerContext<P = unknown, Q = unknown, B = unknown> {
  state: SimState;
  caller: Caller;
  params: P;
  query: Q;
  body: B;
  reply: FastifyReply;
}

/** A handler's result already serialised as JSON (an hour-long recording's base64 is 77 MB: JSON.stringify would scan it again). */
export class JsonText {
  constructor(readonly text: string) {}
}
