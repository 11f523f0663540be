/**
 * Every failure as an ErrorResponse with a request id. Route schemas are zod (contract/bff/):
 * the validator compiler turns a failed parse into field errors with the contract's paths
 * (`recipients[3].phone`), and the route's `config.invalidMessage` (else "Some fields are not
 * valid.") heads them. HttpError carries its own status, message and headers; upstream failures
 * become 502/504; framework errors get a plain sentence; anything else is a 500 that is logged.
 */
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { toValidationErrors } from '../../contract/errors';
import type { ValidationError } from '../../contract/schemas/error';
import { frameworkMessages } from '../../common/http-errors';
import { HttpError, sendError } from '../http';
import { UpstreamError } from '../services/upstream/upstream';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ErrorResponse message when the route's schema refuses the request. */
    invalidMessage?: string;
  }
}

/** A request refused by its route's schema; the error handler words it for the route. */
export class SchemaError extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('Some fields are not valid.');
  }
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new SchemaError(toValidationErrors(result.error, data)) };
  };

const FRAMEWORK_MESSAGES = frameworkMessages('The body is too large.');

export const errorsPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    // Response schemas type the handlers (the zod type provider) and describe the answers in the
    // OpenAPI document; the answer itself is sent as JSON unchanged, never stripped of a field or
    // turned into a 500 at run time. The inject tests parse answers with the contract's schemas.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    app.setErrorHandler((error: FastifyError | HttpError | UpstreamError | SchemaError, request, reply) => {
      if (error instanceof SchemaError) return sendError(reply, 400, request.routeOptions.config.invalidMessage ?? error.message, error.errors);
      if (error instanceof HttpError) {
        reply.headers(error.headers);
        return sendError(reply, error.status, error.message, error.errors);
      }
      if (error instanceof UpstreamError) {
        request.log.warn({ kind: error.kind }, error.message);
        if (error.kind === 'busy') {
          reply.header('Retry-After', error.retryAfter ?? '1');
          return sendError(reply, 429, error.message);
        }
        return sendError(reply, error.kind === 'timeout' ? 504 : 502, `${error.message} Try again in a moment.`);
      }
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: { message: error.message, code: error.code } }, 'unhandled error');
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) ?? (status === 500 ? 'Switchboard failed to handle this request.' : error.message);
      return sendError(reply, status, message);
    });
  },
  { name: 'errors' },
);
