/**
 * A cold load's first requests, started by the entry before the framework has downloaded and run
 * (ADR 0030): the session bootstrap, then, with the read token it brings, the first screen's read.
 * They are handed to the API client, which takes each one instead of sending the same request
 * itself (`takeEarly`, once per request), so what comes back goes through the same checks, the
 * same errors and the same query cache as any other answer. Nothing here keeps a token beyond the
 * one request it authorises.
 *
 * Framework-free and zod-free: this module and what it imports are all the entry runs before it
 * loads the rest (vite.config.ts: the `boot` chunk; the build fails if the entry would wait for
 * the framework).
 */
import type { SessionBootstrap } from '@contract/bff/http';
import type { Scope } from '@contract/enums';
import { matchRouteInfo } from '@contract/routes.plain';

/** GET /auth/bootstrap: the session, with a read token per read scope of the role. */
export const BOOTSTRAP_PATH = '/auth/bootstrap';

/** No request waits longer than this for an answer. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** An early read is taken only this soon after it started; later, the client asks afresh. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/** An upstream read through the BFF's proxy. */
export interface ProxyRead {
  path: string;
  query?: URLSearchParams;
}

/**
 * A read of one of the BFF's own routes (the session's cookie is its credential) whose URL needs
 * the bootstrap's answer: the display zone in the user's preferences, say. Null: nothing to read.
 */
export type SessionRead = (bootstrap: SessionBootstrap) => string | null;

/** A first screen's read: an upstream read through the proxy, or a read of the BFF's own. */
export type EarlyRead = ProxyRead | SessionRead;

/** The proxy's URL for an upstream read (the one way the client and the early reads build it). */
export function proxyUrl(path: string, query?: URLSearchParams): string {
  const q = query?.toString();
  return `/api${path}${q ? `?${q}` : ''}`;
}

/**
 * A location's search string as the router reads it (its default `parseSearch`: repeated names
 * become lists, `true`/`false`/numbers become values, JSON-looking values are JSON-parsed), so the
 * first screen's read is asked with the search its route will validate. A unit test compares the
 * two on generated strings.
 */
export function parseLocationSearch(search: string): Record<string, unknown> {
  const toValue = (s: string): unknown => {
    if (!s) return '';
    if (s === 'false') return false;
    if (s === 'true') return true;
    return +s * 0 === 0 && `${+s}` === s ? +s : s;
  };
  const result: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [key, raw] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) {
    const value = toValue(raw);
    const previous = result[key];
    if (previous == null) result[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else result[key] = [previous, value];
  }
  for (const key in result) {
    const value = result[key];
    if (typeof value !== 'string' || !/^(?:\s|["[{\d-]|fa|nu|tr)/.test(value)) continue;
    try {
      result[key] = JSON.parse(value);
    } catch {
      // Not JSON: the string it is.
    }
  }
  return result;
}

interface Started {
  response: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

export interface EarlyDeps {
  fetch: typeof fetch;
  now: () => number;
}

const defaults: EarlyDeps = { fetch: (...args) => globalThis.fetch(...args), now: () => performance.now() };

/**
 * Starts the bootstrap and, once it has answered with a read token for each read's scope, those
 * reads. A read whose route is unknown, or whose scope the role has no token for, is not started
 * (the client then asks for it as usual, and meets the same answer). A session read starts once the
 * bootstrap has answered with a session; it is found by its URL from then on.
 */
export function startEarlyReads(reads: readonly EarlyRead[], deps: Partial<EarlyDeps> = {}): void {
  const d = { ...defaults, ...deps };
  const init = (headers: Record<string, string>): RequestInit => ({
    headers: { accept: 'application/json', ...headers },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const bootstrap = d.fetch(BOOTSTRAP_PATH, init({}));
  started.set(BOOTSTRAP_PATH, { response: bootstrap, at: d.now() });
  // Read from a copy before the client reads the answer itself (so these steps come first).
  const answer = bootstrap.then((res) => (res.ok ? (res.clone().json() as Promise<SessionBootstrap>) : null));
  const tokens = answer.then((body) => body?.tokens ?? []);
  tokens.catch(() => undefined);
  for (const read of reads) {
    if (typeof read === 'function') {
      answer
        .then((body) => {
          const url = body?.session ? read(body) : null;
          if (!url) return;
          const response = d.fetch(url, init({}));
          response.catch(() => undefined);
          started.set(url, { response, at: d.now() });
        })
        .catch(() => undefined);
      continue;
    }
    const scope: Scope | null | undefined = matchRouteInfo('GET', read.path)?.route.scope;
    if (!scope) continue;
    const url = proxyUrl(read.path, read.query);
    const response = tokens.then((given) => {
      const token = given.find((t) => t.scope === scope)?.token;
      if (!token) throw new Error(`No read token for ${scope} came with the session.`);
      return d.fetch(url, init({ authorization: `Bearer ${token}` }));
    });
    response.catch(() => undefined);
    started.set(url, { response, at: d.now() });
  }
}

/**
 * The response of an early request for exactly this URL, once: the client awaits it instead of
 * sending the request. Undefined when there is none, it was taken, or it is too old to stand for a
 * request made now. A failed early request is the caller's to send again.
 */
export function takeEarly(url: string, now: () => number = defaults.now): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return now() - early.at <= EARLY_READ_MAX_AGE_MS ? early.response : undefined;
}

/** Forgets every early request not taken (tests; a sign-out). */
export function forgetEarly(): void {
  started.clear();
}
