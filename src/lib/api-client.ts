/**
 * The SPA's fetch client. Upstream reads go to the BFF's `/api` proxy with a short-lived read
 * token of the narrowest scope the route needs (contract/routes.ts), held in memory only. Writes
 * never hold an upstream token: they go to the BFF's write routes (contract/bff/write-routes.plain.ts)
 * with the session cookie and the CSRF header, and the BFF makes them after its own checks;
 * creates carry an Idempotency-Key. Reads that get 429 wait and retry (bounded, jittered); writes
 * are never retried silently. Every failure is an ApiError.
 */
import { BFF_HEADERS, CSRF_HEADER_VALUE, IDEMPOTENT_UPSTREAM_PATHS } from '@contract/bff/http.plain';
import type { Scope } from '@contract/enums';
import { HEADERS } from '@contract/limits';
import { BFF_WRITE_ROUTES, bffWritePath, type BffWriteName } from '@contract/bff/write-routes.plain';
import { matchRouteInfo as matchRoute } from '@contract/routes.plain';
import type { ValidationError } from '@contract/schemas/error';
import type { Token } from '@contract/schemas/token';
import { normaliseUpstreamRead } from '@contract/tolerant.plain';
import { ApiError, type ApiErrorKind } from './api-error';
import { parseRetryAfter, readRetryDelayMs } from './backoff';
import { forgetEarly, proxyUrl, REQUEST_TIMEOUT_MS, takeEarly } from './early-reads';
import { keepBeforeSessionEnds } from './keep-on-session-end';
import { createTokenCache, type TokenCache } from './token-cache';

export { ApiError, isApiError, errorMessage, fieldError, type ApiErrorKind } from './api-error';

/** The proxy passes reads only; writes go through bffWrite. */
export type ApiMethod = 'GET';
export type BffMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequestOptions {
  query?: URLSearchParams;
  signal?: AbortSignal;
}

export interface BffWriteOptions {
  /** The id of the route's `:id`, if it has one. */
  id?: string;
  body: unknown;
  /** Creates: the key that makes a retry replay instead of creating twice (one is made if absent). */
  idempotencyKey?: string;
  /** Headers the BFF declares for this write (contract/bff/), e.g. the local-hours override. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

export { REQUEST_TIMEOUT_MS } from './early-reads';

/** The scopes a token needs for this upstream request: exactly the route's one scope. */
export function scopesFor(method: string, path: string): Scope[] {
  const match = matchRoute(method, path);
  if (!match) throw new ApiError(`No API route ${method} ${path}.`, { status: 0, kind: 'http' });
  if (!match.route.scope) throw new ApiError(`${method} ${path} is not callable from the console.`, { status: 0, kind: 'http' });
  return [match.route.scope];
}

/** Whether the BFF requires an Idempotency-Key on this upstream request (a create). */
export function isCreate(method: string, path: string): boolean {
  return method === 'POST' && (IDEMPOTENT_UPSTREAM_PATHS as readonly string[]).includes(path);
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
  requestId?: unknown;
}

function isValidationError(v: unknown): v is ValidationError {
  return typeof v === 'object' && v !== null && typeof (v as ValidationError).field === 'string' && typeof (v as ValidationError).message === 'string';
}

/** Turns an error response into an ApiError, reading an ErrorResponse body when there is one. */
export async function toApiError(res: Response, kind: ApiErrorKind = 'http'): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    const text = await res.text();
    if (text) body = JSON.parse(text) as ErrorBody;
  } catch {
    // Not JSON (a proxy's HTML page): the status alone has to do.
  }
  const message = typeof body.message === 'string' && body.message ? body.message : defaultMessage(res.status);
  return new ApiError(message, {
    status: res.status,
    kind,
    fieldErrors: Array.isArray(body.errors) ? body.errors.filter(isValidationError) : [],
    requestId: typeof body.requestId === 'string' ? body.requestId : (res.headers.get(BFF_HEADERS.requestId) ?? undefined),
    retryAfterSeconds: parseRetryAfter(res.headers.get(HEADERS.retryAfter)),
    headers: res.headers,
  });
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests right now. Try again in a moment.';
  if (status >= 500) return 'The service is not answering properly right now. Try again in a moment.';
  return `The request failed (${status}).`;
}

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('The answer could not be read.', { status: res.status, kind: 'http', headers: res.headers });
  }
}

export interface ClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
  /** Called once when a 401 shows the session has ended. */
  onSessionEnded: () => void;
  timeoutMs: number;
  tokenCache?: TokenCache;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

const LOGOUT_PATH = '/auth/logout';

/** A client over injected fetch, clock and randomness (the app uses the default one below). */
export function createApiClient(deps: Partial<ClientDeps> = {}) {
  const d: ClientDeps = {
    fetch: (...args) => globalThis.fetch(...args),
    sleep: abortableSleep,
    random: Math.random,
    onSessionEnded: () => {},
    timeoutMs: REQUEST_TIMEOUT_MS,
    ...deps,
  };

  /**
   * While a sign-out is under way (from its request until the caller has forgotten everything), no
   * other request is sent: a read started then (a poll, code loaded after the first paint) would
   * only reach the BFF as nobody, a 401 in the browser's console. It is refused here, unsent.
   */
  let signingOut = false;

  /** One fetch with a timeout; no response at all becomes a network/timeout/unknown-outcome ApiError. */
  async function send(url: string, init: RequestInit, isWrite: boolean, signal?: AbortSignal): Promise<Response> {
    if (signingOut && url !== LOGOUT_PATH) throw new ApiError('Signing out.', { status: 0, kind: 'network' });
    // The same read started by the entry on a cold load (ADR 0030): its answer, not a second request.
    // Should it have failed to get one, the request is sent here as any other.
    const early = init.method === 'GET' ? takeEarly(url) : undefined;
    if (early) {
      const res = await early.catch(() => undefined);
      if (res) return res;
    }
    const timeout = AbortSignal.timeout(d.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    try {
      return await d.fetch(url, { ...init, signal: combined, credentials: 'same-origin' });
    } catch (e) {
      if (signal?.aborted) throw e;
      const timedOut = timeout.aborted;
      if (isWrite) {
        throw new ApiError(timedOut ? 'The request timed out.' : 'The connection dropped before an answer came.', { status: 0, kind: 'unknown-outcome' });
      }
      throw new ApiError(timedOut ? 'The request took too long.' : 'Switchboard could not be reached.', { status: 0, kind: timedOut ? 'timeout' : 'network' });
    }
  }

  let sessionEndedNotified = false;
  function sessionEnded(): void {
    tokens.clear();
    if (sessionEndedNotified) return;
    sessionEndedNotified = true;
    keepBeforeSessionEnds();
    // Let later sign-ins notify again.
    queueMicrotask(() => {
      sessionEndedNotified = false;
    });
    d.onSessionEnded();
  }

  async function bffRequest<T>(method: BffMethod, path: string, body?: unknown): Promise<T> {
    const isWrite = method !== 'GET';
    const headers: Record<string, string> = { accept: 'application/json' };
    if (isWrite) headers[BFF_HEADERS.csrf] = CSRF_HEADER_VALUE;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await send(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, isWrite);
    if (!res.ok) {
      const error = await toApiError(res);
      // A 401 on sign-in or the session probe (or bootstrap) is an answer, not the end of a session.
      if (res.status === 401 && path !== '/auth/login' && path !== '/auth/session' && path !== '/auth/bootstrap') sessionEnded();
      throw error;
    }
    return parseBody<T>(res);
  }

  async function fetchToken(scope: Scope[]): Promise<Token> {
    const t = await bffRequest<Token>('POST', '/auth/token', { scope });
    if (!t || typeof t.token !== 'string' || !t.token) throw new ApiError('The sign-in service sent no token.', { status: 502, kind: 'http' });
    return t;
  }

  const tokens: TokenCache = d.tokenCache ?? createTokenCache({ fetchToken });

  /** A read through the proxy, with a read token of exactly the route's scope. */
  async function apiRequest<T>(method: ApiMethod, path: string, opts: ApiRequestOptions = {}): Promise<ApiResponse<T>> {
    const scopes = scopesFor(method, path);
    const url = proxyUrl(path, opts.query);

    const attempt = async (force: boolean): Promise<Response> => {
      const { token } = await tokens.get(scopes, { force });
      return send(url, { method, headers: { accept: 'application/json', authorization: `Bearer ${token}` } }, false, opts.signal);
    };

    let res = await attempt(false);
    // A 401 with a token: it expired or was revoked. Once, with a fresh one; the token request
    // itself tells whether the session is gone (it answers 401 then, and the user signs in again).
    if (res.status === 401) res = await attempt(true);
    if (res.status === 401) {
      const error = await toApiError(res);
      sessionEnded();
      throw error;
    }

    for (let retry = 0; res.status === 429; retry += 1) {
      const retryAfter = parseRetryAfter(res.headers.get(HEADERS.retryAfter));
      const delay = readRetryDelayMs(retry, retryAfter, d.random);
      if (delay === null) break;
      await d.sleep(delay, opts.signal);
      res = await attempt(false);
    }

    if (!res.ok) throw await toApiError(res);
    // The one place an upstream answer enters: fields left out become their empty values, unknown ones go (contract/tolerant.plain.ts).
    const data = normaliseUpstreamRead(matchRoute(method, path)!.name, await parseBody<unknown>(res)) as T;
    return { data, status: res.status, headers: res.headers };
  }

  /** A failed write's error: the BFF says whether it may have been applied (X-Switchboard-Outcome). */
  async function writeError(res: Response): Promise<ApiError> {
    // A gateway timeout from anything in between, which cannot say, is taken as unknown too.
    const outcome = res.headers.get(BFF_HEADERS.outcome);
    const kind: ApiErrorKind = outcome === 'unknown' || (outcome === null && res.status === 504) ? 'unknown-outcome' : 'http';
    return toApiError(res, kind);
  }

  /**
   * A change, made by the BFF (contract/bff/write-routes.plain.ts): session cookie, CSRF header, the
   * Idempotency-Key on creates. Never retried here; the answer is the upstream's (status, body,
   * X-CallRateLimit-* headers), its 400 field errors included.
   */
  async function bffWrite<T>(name: BffWriteName, opts: BffWriteOptions): Promise<ApiResponse<T>> {
    const route = BFF_WRITE_ROUTES[name];
    const headers: Record<string, string> = {
      ...opts.headers,
      accept: 'application/json',
      'content-type': 'application/json',
      [BFF_HEADERS.csrf]: CSRF_HEADER_VALUE,
    };
    if (route.idempotent) headers[BFF_HEADERS.idempotencyKey] = opts.idempotencyKey ?? newIdempotencyKey();
    const res = await send(bffWritePath(name, opts.id), { method: route.method, headers, body: JSON.stringify(opts.body) }, true, opts.signal);
    if (res.status === 401) {
      const error = await toApiError(res);
      sessionEnded();
      throw error;
    }
    if (!res.ok) throw await writeError(res);
    return { data: await parseBody<T>(res), status: res.status, headers: res.headers };
  }

  /**
   * Fetches tokens for these scope sets now, ahead of the requests that will need them (a cold load
   * once the session is known); a failure is left for those requests to meet and report.
   */
  function warmTokens(scopeSets: readonly (readonly Scope[])[]): void {
    for (const scopes of scopeSets) tokens.get(scopes).catch(() => undefined);
  }

  /** Keeps the read tokens that came with the session (GET /auth/bootstrap), one scope each. */
  function keepTokens(given: readonly { scope: Scope; token: string; expiresIn: number }[]): void {
    for (const t of given) tokens.put([t.scope], t);
  }

  /**
   * Ends the session at the BFF and forgets every token. Until the returned `done` is called, no
   * other request is sent (see `send`); on a failed sign-out requests are sent again at once.
   */
  async function signOut(): Promise<() => void> {
    signingOut = true;
    forgetEarly();
    try {
      await bffRequest<void>('POST', LOGOUT_PATH);
    } catch (error) {
      signingOut = false;
      throw error;
    }
    tokens.clear();
    return () => {
      signingOut = false;
    };
  }

  return {
    apiRequest,
    bffRequest,
    bffWrite,
    signOut,
    warmTokens,
    keepTokens,
    /** Forget every token (sign-out). */
    clearTokens: () => tokens.clear(),
  };
}

let onSessionEnded: () => void = () => {};

/** The session is gone (found out other than by a 401, e.g. the session check says nobody). */
export function notifySessionEnded(): void {
  client.clearTokens();
  onSessionEnded();
}

/** The app's router registers where a user goes when the session ends mid-work. */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

const client = createApiClient({ onSessionEnded: () => onSessionEnded() });

export const apiRequest = client.apiRequest;
export const bffRequest = client.bffRequest;
export const signOutRequests = client.signOut;
export const bffWrite = client.bffWrite;
export const keepTokens = client.keepTokens;
export const clearTokens = client.clearTokens;
export const warmTokens = client.warmTokens;
