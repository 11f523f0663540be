/** Every error the simulator sends is an ErrorResponse (contract/schemas/error.ts). */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { errorResponse, toValidationErrors } from '../../contract/errors';
import type { ValidationError } from '../../contract/schemas/error';
import { HttpError as ApiError } from '../../common/http-errors';

/** The simulator's name for the failure both servers throw (common/http-errors.ts). */
export { ApiError };

export const badRequest = (errors: ValidationError[], message = 'Validation failed.') => new ApiError(400, message, errors);
export const notFound = (what: string) => new ApiError(404, `${what} not found.`);

/** Parses with a contract schema or throws a 400 listing each offending field. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, prefix: PropertyKey[] = []): z.infer<S> {
  let result: z.ZodSafeParseResult<z.infer<S>>;
  try {
    result = schema.safeParse(input) as z.ZodSafeParseResult<z.infer<S>>;
  } catch (error) {
    // zod recurses once per level: JSON nested thousands deep overflows the stack. A client error, not a 500.
    if (error instanceof RangeError) throw badRequest([{ field: '(body)', rejectedValue: null, message: 'The body is nested too deeply.' }]);
    throw error;
  }
  if (!result.success) throw badRequest(toValidationErrors(result.error, input, prefix));
  return result.data;
}

export function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [k, v] of Object.entries(error.headers)) reply.header(k, v);
  return reply.code(error.status).send(errorResponse(error.status, error.message, error.errors));
}
