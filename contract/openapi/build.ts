/**
 * Builds the OpenAPI 3.1 document from the contract (never edited by hand). Component schemas
 * come from zod's registry (`.meta({ id })`); paths are assembled from ROUTES.
 */
import { z } from 'zod';
import '../schemas/error';
import { CALLING_WINDOWS, HEADERS, LIMITS } from '../limits';
import { ROUTE_NAMES, ROUTES, type RouteDef } from '../routes';

type JsonObject = Record<string, unknown>;

const REF = (id: string) => `#/components/schemas/${id}`;

/** Drops `$schema`/`$id` and points `#/$defs/X` (a standalone conversion's refs) at the components. */
function stripSchemaKeys(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripSchemaKeys);
  if (typeof node === 'string' && node.startsWith('#/$defs/')) return REF(node.slice('#/$defs/'.length));
  if (node && typeof node === 'object') {
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$schema' || key === '$id') continue;
      out[key] = stripSchemaKeys(value);
    }
    return out;
  }
  return node;
}

function schemaOf(schema: z.ZodType): JsonObject {
  const id = z.globalRegistry.get(schema)?.id;
  if (typeof id === 'string') return { $ref: REF(id) };
  return stripSchemaKeys(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' })) as JsonObject;
}

function parametersOf(route: RouteDef): JsonObject[] {
  const out: JsonObject[] = [];
  const add = (schema: z.ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    type ObjectSchema = { properties?: Record<string, JsonObject>; required?: string[] };
    const raw = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as ObjectSchema & {
      $ref?: string;
      $defs?: Record<string, ObjectSchema>;
    };
    // A registered schema comes back as a $ref into its own $defs.
    const json = stripSchemaKeys(raw.$ref && raw.$defs ? raw.$defs[raw.$ref.split('/').pop() ?? ''] : raw) as ObjectSchema;
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = prop;
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  return out;
}

const errorContent = { 'application/json': { schema: { $ref: REF('ErrorResponse') } } };
const ERROR_TEXT: Record<number, string> = {
  400: 'Validation failed: one ValidationError per offending field.',
  401: 'No valid authentication.',
  403: 'Authenticated but not allowed (missing scope).',
  404: 'No resource with that id.',
  429: 'Rate limited; see Retry-After.',
};

function operation(name: string, route: RouteDef): JsonObject {
  const headers = Object.fromEntries(
    (route.headers ?? []).map((h) => [
      h,
      {
        schema: { type: 'integer', minimum: 0 },
        description: h === HEADERS.callRateLimitLimit ? 'Maximum concurrent scheduled outbound calls.' : 'Remaining concurrent scheduled outbound calls.',
      },
    ]),
  );
  const responses: JsonObject = {
    [String(route.status)]: {
      description: route.status === 201 ? 'Created.' : 'OK.',
      ...(route.headers ? { headers } : {}),
      content: { 'application/json': { schema: schemaOf(route.response) } },
    },
  };
  for (const code of route.errors) {
    responses[String(code)] = {
      description: ERROR_TEXT[code] ?? 'Error.',
      ...(code === 429
        ? { headers: { [HEADERS.retryAfter]: { schema: { type: 'integer' }, description: 'Seconds to wait.' }, ...(route.headers ? headers : {}) } }
        : route.headers
          ? { headers }
          : {}),
      content: errorContent,
    };
  }
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.path.split('/')[2] ?? 'root'],
    security: route.scope ? [{ apiKey: [] }, { bearer: [route.scope] }] : [{ apiKey: [] }],
    ...(parametersOf(route).length ? { parameters: parametersOf(route) } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } } : {}),
    responses,
    'x-scope': route.scope,
  };
}

export function buildOpenApi(): JsonObject {
  const components = z.toJSONSchema(z.globalRegistry, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any', uri: REF });
  const paths: Record<string, JsonObject> = {};
  for (const name of ROUTE_NAMES) {
    const route: RouteDef = ROUTES[name];
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(name, route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Voice API v1',
      version: 'v1',
      description: 'Generated from contract/ by `npm run contract:openapi`. Do not edit by hand.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: 'http://127.0.0.1:4010', description: 'The embedded simulator' }],
    tags: [
      { name: 'auth', description: 'Scoped bearer tokens from an API key.' },
      { name: 'agents', description: 'Voice agents and their configuration.' },
      { name: 'calls', description: 'Calls, transcripts and recordings.' },
      { name: 'campaigns', description: 'Scheduled outbound campaigns.' },
      { name: 'bulk', description: 'Many outbound calls at once.' },
    ],
    paths,
    components: {
      schemas: stripSchemaKeys(components.schemas),
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: HEADERS.apiKey },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
    'x-limits': { ...LIMITS, callingWindows: CALLING_WINDOWS },
  };
}
