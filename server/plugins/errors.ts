/**
 * Every failure as an ErrorResponse with a request id. Route schemas are zod (contract/bff/):
 * the validator compiler turns a failed parse into field errors with the contract's paths
 * (`recipients[3].phone`), and the route's `config.invalidMessage` (else "Some fields are not
 * valid.") heads them. HttpError carries its own status, message and headers; upstream failures
 * become 502/504; framework errors get a plain sentence; anything else is a 500 that is logged.
 */
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { toValidationErrors } from '../../contract/errors';
import type { ValidationError } from '../../contract/schemas/error';
import { HttpError, sendError } from '../http';
import { UpstreamError } from '../services/upstream';

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

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON: 'The body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the body as application/json.',
};

export const errorsPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
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
