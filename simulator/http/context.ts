import type { FastifyReply } from 'fastify';
import type { SimState } from '../state';
import type { Caller } from './auth';
import type { SimVariant } from './variants';

/** What every route handler receives, already authenticated and validated. */
export interface HandlerContext<P = unknown, Q = unknown, B = unknown> {
  state: SimState;
  caller: Caller;
  params: P;
  query: Q;
  body: B;
  reply: FastifyReply;
  /** The answer forms in force for this request (empty: strict). */
  variants: ReadonlySet<SimVariant>;
}

/** A handler's result already serialised as JSON (an hour-long recording's base64 is 77 MB: JSON.stringify would scan it again). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A handler's result sent as it is, not as JSON (the recording-bare variant's base64 text). */
export class PlainText {
  constructor(readonly text: string) {}
}
