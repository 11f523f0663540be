/**
 * The simulator's variant mode (`SIM_VARIANT`, issue 30): forms a real Voice API may answer in
 * where the upstream's document leaves the shape open. A variant changes how an answer is written,
 * never what the data is: the same calls, agents and campaigns, left out where null or empty,
 * wrapped, with more fields, in another encoding or container. Strict (no variant) is exactly
 * docs/api-assumptions.md. Every form the console accepts there appears in one variant here, and
 * `simulator/http/variants.test.ts` checks the two lists against each other.
 */
import { createHash } from 'node:crypto';
import type { RouteName } from '../../contract/routes';

/** Each variant and what it changes (docs/simulator.md shows this table). */
export const SIM_VARIANTS = {
  'omit-empty':
    'Fields whose value is null, an empty array, an empty object or an empty string are left out, at every level (ids and paging numbers never are).',
  'extra-fields':
    'Fields the contract does not know on every object and every envelope; list pages also carry Spring-style paging fields (pageable, first, last, number, numberOfElements, sort, empty).',
  'transcript-entries': 'The transcript as an object wrapping the array in `entries`.',
  'transcript-content': 'The transcript as an object wrapping the array in `content`.',
  'transcript-items': 'The transcript as an object wrapping the array in `items`.',
  'recording-bare': 'The recording as bare base64 text (text/plain), not a JSON string.',
  'recording-data-uri': 'The recording as a JSON string `data:audio/…;base64,…`.',
  'recording-url': 'The recording as a JSON string http(s) URL of a file the simulator serves (no credentials needed, like a signed URL).',
  'recording-mp3': 'The recording in MP3 instead of WAV.',
  'recording-ogg': 'The recording in Ogg (Opus) instead of WAV.',
  'create-id-only': 'Creates (POST /v1/calls, /v1/campaigns) and status changes (campaign status, agent PATCH) answer `{"id": …}` only.',
  'create-no-body': 'Creates and status changes answer their status with no body at all.',
  'bulk-no-body': 'POST /v1/bulk/calls answers 201 with no body (the X-CallRateLimit headers still come).',
  'token-no-exp': 'The bearer token (a JWT) has no `exp` claim: only `expiresIn` says how long it lives.',
  'token-type-lowercase': '`tokenType` is `bearer`, not `Bearer`.',
  'error-extra-fields': 'Error bodies carry Spring-style fields besides the ErrorResponse (`error`, `path`, `traceId`).',
  'retry-after-date': '`Retry-After` is an HTTP date instead of seconds.',
} as const;

export type SimVariant = keyof typeof SIM_VARIANTS;
export const SIM_VARIANT_NAMES = Object.keys(SIM_VARIANTS) as SimVariant[];

/**
 * `mixed`: a representative set at once, as a real upstream might combine them (the e2e `variant`
 * project runs the main journeys against it). Create answers carry the id only, so a campaign can
 * still be opened; `create-no-body` has its own tests. The recording comes by URL in WAV: MP3 and
 * Ogg are encoded as they are asked for (seconds for a long call), so the e2e plays them on short
 * calls of their own (e2e/variant.spec.ts).
 */
export const MIXED_VARIANTS: readonly SimVariant[] = [
  'omit-empty',
  'extra-fields',
  'transcript-entries',
  'recording-url',
  'create-id-only',
  'bulk-no-body',
  'token-no-exp',
  'token-type-lowercase',
  'error-extra-fields',
  'retry-after-date',
];

/** The header a client sends to be answered in other variants than the simulator's setting (`strict`: none). */
export const VARIANT_HEADER = 'x-sim-variant';

/** Parses `SIM_VARIANT` (comma-separated names, `mixed`, `strict` or empty); an unknown name throws, naming the known ones. */
export function parseVariants(text: string | undefined): ReadonlySet<SimVariant> {
  const out = new Set<SimVariant>();
  for (const raw of (text ?? '').split(',')) {
    const name = raw.trim();
    if (!name || name === 'strict') continue;
    if (name === 'mixed') for (const v of MIXED_VARIANTS) out.add(v);
    else if (name in SIM_VARIANTS) out.add(name as SimVariant);
    else throw new Error(`Unknown simulator variant "${name}"; known: strict, mixed, ${SIM_VARIANT_NAMES.join(', ')}.`);
  }
  if (out.has('create-id-only') && out.has('create-no-body')) throw new Error('The variants create-id-only and create-no-body exclude each other.');
  const wraps = ['transcript-entries', 'transcript-content', 'transcript-items'].filter((v) => out.has(v as SimVariant));
  if (wraps.length > 1) throw new Error(`Pick one transcript wrapper of ${wraps.join(', ')}.`);
  const forms = ['recording-bare', 'recording-data-uri', 'recording-url'].filter((v) => out.has(v as SimVariant));
  if (forms.length > 1) throw new Error(`Pick one recording form of ${forms.join(', ')}.`);
  if (out.has('recording-mp3') && out.has('recording-ogg')) throw new Error('Pick one recording container of recording-mp3, recording-ogg.');
  return out;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Free-form maps of the data (a call's context, extracted values…): their entries are data, never reshaped. */
const DATA_MAPS = new Set(['context', 'extractedData', 'classificationData', 'watchedVariables']);
/** Never left out: identifiers and the page envelope's numbers and list. */
const KEPT = new Set(['id', 'agentId', 'callId', 'content', 'size', 'page', 'totalElements', 'totalPages', 'status', 'timestamp']);

const isEmpty = (v: Json | undefined) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/** omit-empty: null and empty fields left out, recursively (inside data maps only the map itself may go). */
export function omitEmpty(value: Json, inMap = false): Json {
  if (Array.isArray(value)) return value.map((v) => omitEmpty(v));
  if (!isObject(value)) return value;
  if (inMap) return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value)) {
    const next = omitEmpty(v, DATA_MAPS.has(key));
    if (isEmpty(next) && !KEPT.has(key)) continue;
    out[key] = next;
  }
  return out;
}

/** extra-fields: unknown fields on every object (not inside data maps). */
export function addExtraFields(value: Json, inMap = false): Json {
  if (Array.isArray(value)) return value.map((v) => addExtraFields(v));
  if (!isObject(value) || inMap) return value;
  const out: Record<string, Json> = {};
  for (const [key, v] of Object.entries(value)) out[key] = addExtraFields(v, DATA_MAPS.has(key));
  out.revision = 7;
  out._links = { self: { href: 'https://voice.example/v1/unknown' } };
  out.x_generatedBy = 'simulator variant extra-fields';
  return out;
}

/** The Spring Data paging fields a list envelope may carry besides ours. */
function springPaging(page: Record<string, Json>): Record<string, Json> {
  const size = Number(page.size);
  const number = Number(page.page);
  const content = Array.isArray(page.content) ? page.content : [];
  const sort = { sorted: true, unsorted: false, empty: false };
  return {
    ...page,
    pageable: { pageNumber: number - 1, pageSize: size, offset: (number - 1) * size, paged: true, unpaged: false, sort },
    first: number === 1,
    last: number >= Number(page.totalPages),
    number: number - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort,
  };
}

const TRANSCRIPT_KEY: Partial<Record<SimVariant, string>> = { 'transcript-entries': 'entries', 'transcript-content': 'content', 'transcript-items': 'items' };
const CHANGES: ReadonlySet<RouteName> = new Set<RouteName>(['createCall', 'createCampaign', 'changeCampaignStatus', 'patchAgent']);

/** What goes out instead of a route's strict answer: a body (undefined: none) as JSON, unless `text` is set. */
export interface Shaped {
  body: Json | undefined;
}

/** Reshapes a success answer of a route for the variants in force (the recording's form is http/calls.ts's). */
export function shapeSuccess(route: RouteName, body: Json, variants: ReadonlySet<SimVariant>): Shaped {
  if (variants.size === 0) return { body };
  if (CHANGES.has(route)) {
    if (variants.has('create-no-body')) return { body: undefined };
    if (variants.has('create-id-only') && isObject(body)) return { body: { id: body.id ?? null } };
  }
  if (route === 'bulkCalls' && variants.has('bulk-no-body')) return { body: undefined };
  let out = body;
  if (route === 'getTranscript') {
    const key = [...variants].map((v) => TRANSCRIPT_KEY[v]).find(Boolean);
    if (key) out = { [key]: out };
  }
  if (route === 'issueToken' && variants.has('token-type-lowercase') && isObject(out)) out = { ...out, tokenType: 'bearer' };
  if (variants.has('omit-empty')) out = omitEmpty(out);
  if (variants.has('extra-fields')) {
    if ((route === 'listAgents' || route === 'listCalls') && isObject(out)) out = springPaging(out);
    out = addExtraFields(out);
  }
  return { body: out };
}

/** Reshapes an error body (and its Retry-After) for the variants in force. */
export function shapeError(
  error: object,
  headers: Record<string, string>,
  variants: ReadonlySet<SimVariant>,
  request: { path: string; now: number },
): { body: Json; headers: Record<string, string> } {
  const body = error as Record<string, Json>;
  let out: Json = body;
  const h = { ...headers };
  if (variants.has('error-extra-fields')) {
    out = {
      ...body,
      error: ERROR_NAMES[Number(body.status)] ?? 'Error',
      path: request.path,
      traceId: createHash('sha256').update(`${request.path}${request.now}`).digest('hex').slice(0, 32),
    };
  }
  if (variants.has('omit-empty')) out = omitEmpty(out);
  if (variants.has('extra-fields')) out = addExtraFields(out);
  const retryAfter = h['Retry-After'];
  if (retryAfter !== undefined && variants.has('retry-after-date')) {
    // Whole seconds, rounded up by one so the date is never earlier than the wait it stands for.
    h['Retry-After'] = new Date((Math.ceil(request.now / 1000) + Number(retryAfter) + 1) * 1000).toUTCString();
  }
  return { body: out, headers: h };
}

const ERROR_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The variants in force for one request: its X-Sim-Variant header when sent (`strict`: none), else the simulator's. */
export function requestVariants(
  state: { variants: ReadonlySet<SimVariant> },
  request: { headers: Record<string, string | string[] | undefined> },
): ReadonlySet<SimVariant> {
  const header = request.headers[VARIANT_HEADER];
  if (typeof header !== 'string') return state.variants;
  try {
    return parseVariants(header);
  } catch {
    return state.variants;
  }
}
