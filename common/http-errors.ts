/**
 * The failure both servers throw (the BFF's `HttpError`, the simulator's `ApiError`): a status, a
 * message a person can act on, field errors with the contract's paths, and headers to send with
 * it. Each server's error handler turns it into an ErrorResponse (contract/schemas/error.ts). Also
 * the plain sentences for Fastify's own body errors, which both servers answer the same way.
 */
import type { ValidationError } from '../contract/schemas/error';

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

/** Fastify's body errors in words; `tooLarge` says what the server's limit is. */
export function frameworkMessages(tooLarge: string): Record<string, string> {
  return {
    FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON.',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object.',
    FST_ERR_CTP_BODY_TOO_LARGE: tooLarge,
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
  };
}
