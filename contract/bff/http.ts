/** Headers and shapes of Switchboard's own BFF API, shared by the server and the SPA. */
import { z } from 'zod';
import { JsonValue } from '../json';
import { Scope } from '../enums';
import { Guid } from '../formats';
import { PageQuery } from '../queries';
import { ErrorResponse } from '../schemas/error';
import { Page } from '../schemas/page';
import { Preferences } from './preferences';
import { DRAFT_LIMITS } from './http.plain';
import { Role } from './roles';

export { BFF_HEADERS, CSRF_HEADER_VALUE, DRAFT_LIMITS, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_UPSTREAM_PATHS, SIGN_IN_HASH_LIMITS } from './http.plain';

export const LoginRequest = z.strictObject({
  username: z.string().trim().min(1, { error: 'Enter your username.' }).max(100),
  password: z.string().min(1, { error: 'Enter your password.' }).max(1000),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const SessionInfo = z.object({
  user: z.string(),
  role: Role,
  scopes: z.array(Scope),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
/** GET /auth/session: the signed-in user, or null when this browser has no session cookie at all. */
export const SessionState = SessionInfo.nullable();
export type SessionState = z.infer<typeof SessionState>;

/** One read token of the bootstrap: exactly one scope, as POST /auth/token would give it. */
export const BootstrapToken = z.object({
  scope: Scope,
  token: z.string().min(1),
  expiresIn: z.number().int().nonnegative(),
});
/**
 * GET /auth/bootstrap: the session (as GET /auth/session) and, when someone is signed in, a read
 * token for each read scope of the role, each of exactly one scope, in one answer. The page's HTML
 * asks for it while its code downloads; the tokens go to the SPA's in-memory token cache. No token
 * when the upstream could not mint one in time (the SPA then asks POST /auth/token as before).
 */
export const SessionBootstrap = z.object({
  session: SessionState,
  tokens: z.array(BootstrapToken),
  /** The user's console preferences (as GET /bff/preferences), with a session: the first page's read needs the display zone. */
  preferences: Preferences.optional(),
});
export type SessionBootstrap = z.infer<typeof SessionBootstrap>;

/** A campaign created through the BFF (the upstream has no campaign list). */
export const RegistryEntry = z.object({
  id: Guid,
  name: z.string(),
  agentId: Guid,
  createdBy: z.string(),
  createdAt: z.string(),
});
export type RegistryEntry = z.infer<typeof RegistryEntry>;

export const RegistryPage = Page(RegistryEntry);
export type RegistryPage = z.infer<typeof RegistryPage>;

/** Draft names: a short slug, per user. */
export const DraftName = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: 'A draft name is 1-64 lowercase letters, digits or dashes.' });
export const Draft = z.object({ name: DraftName, data: JsonValue, updatedAt: z.string() });
export type Draft = z.infer<typeof Draft>;
/** GET /bff/drafts/:name: the draft, or null when there is none (a fresh start is not an error). */
export const DraftState = Draft.nullable();
export type DraftState = z.infer<typeof DraftState>;
/** A draft's body may not exceed this many bytes (DRAFT_LIMITS, counted before parsing). */
export const DRAFT_MAX_BYTES = DRAFT_LIMITS.bytes;

export const AuditEntry = z.object({
  id: z.int(),
  at: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  route: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  outcome: z.string(),
  status: z.int().nullable(),
  requestId: z.string(),
  /** How many times this event happened in its window (rate-limited sign-ins are collapsed); 1 otherwise. */
  repeats: z.int().min(1),
  /** The last of the repeats (ISO), when repeats > 1. */
  lastAt: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** A saved view of the calls list: a name and the list's URL search params, per user. */
export const SavedViewName = z.string().trim().min(1, { error: 'Name the view.' }).max(80, { error: 'A view name is at most 80 characters.' });
export const SavedView = z.object({ name: SavedViewName, search: z.record(z.string(), JsonValue), updatedAt: z.string() });
export type SavedView = z.infer<typeof SavedView>;
export const SavedViewBody = z.strictObject({ search: z.record(z.string(), JsonValue) });
export const DraftBody = z.strictObject({ data: JsonValue });

/** GET /bff/audit query: paged, filtered by user, action, outcome and a UTC time range. */
export const AuditQuery = PageQuery.extend({
  user: z.string().max(100).optional(),
  action: z.string().max(100).optional(),
  outcome: z.string().max(100).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export const AuditPage = Page(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;

/** GET /healthz: the process is alive. */
export const Liveness = z.object({ status: z.literal('ok') });
/** GET /readyz (200 or 503): whether the database and the upstream answer, and how the upstream failed. */
export const Readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.boolean(),
  upstream: z.boolean(),
  upstreamState: z.enum(['up', 'slow', 'down']),
  /**
   * The background work (the call index's sync, alerts, webhooks, retention; ADR 0032): 'running'
   * (a worker's heartbeat is recent, or this process runs it), 'stopped' (no worker heartbeat:
   * figures from the index stop updating). Not part of the status: this process still answers.
   */
  worker: z.enum(['running', 'stopped']),
});
export type Readiness = z.infer<typeof Readiness>;

/** GET /auth/config: which sign-in methods exist. */
export const AuthConfig = z.object({ local: z.literal(true), oidc: z.object({ loginUrl: z.string() }).nullable() });
export type AuthConfig = z.infer<typeof AuthConfig>;
/** GET /auth/oidc/login: where to return after sign-in (a same-origin path; anything else goes home). */
export const OidcLoginQuery = z.object({ redirect: z.string().optional() });
/** GET /auth/oidc/callback: the provider's answer (checked by openid-client against the pending state). */
export const OidcCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Drafts and saved views as listed (GET /bff/drafts, GET /bff/views). */
export const DraftSummary = z.object({ name: DraftName, updatedAt: z.string() });
export const DraftList = z.array(DraftSummary);
export const SavedViewList = z.array(SavedView);

/** Every BFF failure: the upstream's ErrorResponse and the request id (also the X-Request-Id header). */
export const BffErrorResponse = ErrorResponse.extend({ requestId: z.string() }).meta({ id: 'BffErrorResponse' });
export type BffErrorResponse = z.infer<typeof BffErrorResponse>;

/**
 * Answers without a JSON body, for the routes' `response` schemas (the OpenAPI document and the
 * handlers' types). `NoContent` (204) and `Redirect` (303) have no body; a file is described by its
 * media types (the body is sent as it is: the JSON serializer never sees it).
 */
export const NoContent = z.undefined().meta({ description: 'Done; no body.' });
export const Redirect = (to: string) => z.undefined().meta({ description: `No body; the Location header goes ${to}.` });
export const CsvFile = (description: string) => ({
  description,
  content: { 'text/csv': { schema: z.string().meta({ description: 'CSV with a header line, CRLF line ends, formula-like cells quoted.' }) } },
});
/** Bytes in one of `mediaTypes` (an audio file, a byte range of it). */
export const BinaryFile = (description: string, mediaTypes: readonly string[]) => ({
  description,
  content: Object.fromEntries(
    mediaTypes.map((type) => [
      type,
      { schema: z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary', contentMediaType: type }) },
    ]),
  ),
});
/** The upstream's answer as it is (status, headers and body; its own document describes each route). */
export const Passthrough = z.unknown().meta({ description: "The upstream route's answer, status and JSON body as they are (contract/openapi/openapi.json)." });
