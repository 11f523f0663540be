/**
 * The BFF's own OpenAPI document, built by @fastify/swagger from the routes' zod schemas through
 * fastify-type-provider-zod's transform (`app.swagger()`; `npm run bff:openapi` writes it to
 * contract/openapi/bff.json). Every operation gets an operationId from its method and path and
 * the BFF's error answer for 4XX/5XX; routes under a session scope are marked as needing the
 * session cookie, public ones say so with `security: []`. Not encapsulated (fastify-plugin): it
 * must see every route.
 */
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BffErrorResponse } from '../../contract/bff/http';
import { SESSION_COOKIE } from '../http';

/** Routes anyone may call: no session needed. */
export const PUBLIC_ROUTES = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /auth/config',
  'GET /auth/session',
  'GET /auth/bootstrap',
  'POST /auth/login',
  'POST /auth/logout',
  'GET /auth/oidc/login',
  'GET /auth/oidc/callback',
]);

const DOCUMENT: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.1.0',
  info: {
    title: 'Switchboard BFF',
    version: '1',
    description:
      "Generated from the routes' zod schemas (contract/bff/) by `npm run bff:openapi`. Do not edit by hand. State-changing requests need `X-Switchboard: 1` and an allowed Origin. Every failure is a BffErrorResponse. The upstream's own routes, which /api/v1/* proxies for reading, are described in contract/openapi/openapi.json.",
    license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
  },
  servers: [{ url: 'http://localhost:8080', description: 'A BFF on its default port' }],
  security: [{ session: [] }],
  components: {
    securitySchemes: {
      session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /auth/login or the OIDC callback.' },
      bearer: { type: 'http', scheme: 'bearer', description: 'A token from POST /auth/token in this session.' },
    },
  },
};

/**
 * The contract's named schemas (`.meta({ id })`), for the document's components, and every other
 * schema's metadata (descriptions). The transform
 * names a request-side schema `<id>Input`; the contract's `RetryInput` (the retry policy as sent)
 * would then meet `Retry`'s input form, so it is named `RetryRequest` here.
 */
function documentedSchemas() {
  const registry = z.registry<{ id?: string }>();
  // The rest of the contract's metadata (a description without an id) is read from the global registry.
  const global = (z.globalRegistry as unknown as { _map: WeakMap<object, object> })._map;
  class WithGlobal extends WeakMap<object, object> {
    override get(key: object) {
      return super.get(key) ?? global.get(key);
    }
    override has(key: object) {
      return super.has(key) || global.has(key);
    }
  }
  (registry as unknown as { _map: WeakMap<object, object> })._map = new WithGlobal();
  const ids = (z.globalRegistry as unknown as { _idmap: Map<string, z.ZodType> })._idmap;
  for (const [id, schema] of ids) registry.add(schema, { ...z.globalRegistry.get(schema), id: id === 'RetryInput' ? 'RetryRequest' : id });
  return registry;
}

const operationId = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part === '*' ? 'Path' : part.startsWith(':') ? `By${part[1]!.toUpperCase()}${part.slice(2)}` : part[0]!.toUpperCase() + part.slice(1)))
    .join('');

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;

export const openapiPlugin = fp(
  async (app) => {
    const schemaRegistry = documentedSchemas();
    const zodTransform = createJsonSchemaTransform({ skipList: ['/*'], schemaRegistry }) as Transform;
    const transform: Transform = (input) => {
      const { route } = input;
      const method = [route.method].flat()[0]!;
      const key = `${method} ${route.url}`;
      const schema = input.schema as Record<string, unknown> & { response?: Record<string, unknown> };
      const documented = {
        ...schema,
        operationId: operationId(method, route.url),
        response: { ...schema.response, '4XX': BffErrorResponse, '5XX': BffErrorResponse },
        ...(PUBLIC_ROUTES.has(key) ? { security: [] } : {}),
      };
      // The proxy's wildcard is a path of the upstream's (OpenAPI has no wildcard): named `path`.
      if (route.url === '/api/*') {
        return zodTransform({
          ...input,
          url: '/api/{path}',
          schema: { ...documented, params: z.object({ path: z.string().meta({ description: 'The upstream path after /api/, e.g. v1/calls.' }) }) },
        });
      }
      return zodTransform({ ...input, schema: documented });
    };
    await app.register(swagger, { openapi: DOCUMENT, transform, transformObject: createJsonSchemaTransformObject({ schemaRegistry }) });
  },
  { name: 'openapi' },
);
