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
