/**
 * Security headers on every response (helmet's, worked out once at start: securityHeaders), no-store on the dynamic routes, unknown Host names refused
 * (421, DNS rebinding: server/services/hosts.ts), and the CSRF guard: every state-changing request
 * needs an allowed Origin (the configured ones; its own only on a local host name) and
 * `X-Switchboard: 1`, and a JSON body (simple requests — forms, text/plain — are refused). Bodies,
 * queries and path parameters holding NUL or lone surrogates, or nesting past JSON_MAX_DEPTH, are 400s.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { BFF_HEADERS, CSRF_HEADER_VALUE } from '../../contract/bff/http';
import { findUnstorable } from '../../contract/json';
import { HttpError } from '../http';
import { hostPolicy, knownHost } from '../services/hosts';

/** The one content security policy: the SPA's own files only; no plugins, no framing, no <base>. */
const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/** helmet's options for the BFF; `tls`: Strict-Transport-Security too (PUBLIC_URL is https). */
export function helmetOptions(tls: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets for these options, worked out once: with no nonces and no directive
 * that is a function, helmet's answer is the same for every request, and building its middleware
 * per request (as @fastify/helmet does) was about a fifth of what a proxied read allocated.
 * Also Permissions-Policy, which is not one of helmet's. Names are lower case.
 */
export function securityHeaders(tls: boolean): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    // X-Powered-By: helmet removes it; nothing in the BFF sets it.
    removeHeader() {},
  };
  let failed: unknown = null;
  helmet(helmetOptions(tls))({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  headers['permissions-policy'] = 'camera=(), microphone=(), geolocation=()';
  return Object.freeze(headers);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROBES = new Set(['/healthz', '/readyz']);

// Not encapsulated (fastify-plugin): the hooks guard every route of the app.
export const securityPlugin = fp(
  async (app) => {
    const config = app.ctx.config;
    const policy = hostPolicy(config.PUBLIC_URL, config.ALLOWED_ORIGINS);
    const tls = config.PUBLIC_URL?.startsWith('https://') ?? false;
    const headers = securityHeaders(tls);

    app.addHook('onRequest', async (request, reply) => {
      // The security headers, on every response (errors and the SPA's files too), set first.
      reply.headers(headers);
      reply.header(BFF_HEADERS.requestId, request.id);
      // DNS rebinding: only Host names that are this BFF's (probes excepted: they carry no data).
      const host = request.host;
      const known = knownHost(policy, host, { address: request.socket.localAddress, port: request.socket.localPort });
      if (!known && !PROBES.has(request.url)) {
        throw new HttpError(421, 'This server does not answer for that host name. Use the address Switchboard is published at.');
      }
      if (!STATE_CHANGING.has(request.method)) return;
      if (request.headers[BFF_HEADERS.csrf.toLowerCase()] !== CSRF_HEADER_VALUE) {
        throw new HttpError(403, `This request needs the ${BFF_HEADERS.csrf} header.`);
      }
      const origin = request.headers.origin;
      // Judged against the configured origins; the request's own origin only on a local host name.
      const own = known === 'local' ? `${request.protocol}://${host}` : null;
      if (!origin || origin === 'null' || !(origin === own || policy.origins.includes(origin))) {
        throw new HttpError(403, 'Requests that change data must come from Switchboard itself.');
      }
      // A simple request (form or text/plain body) is what a cross-site form can send: refused.
      const rawType = request.headers['content-type'];
      const type = (rawType ?? '').split(';')[0]!.trim().toLowerCase();
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if ((hasBody || rawType !== undefined) && type !== 'application/json') throw new HttpError(415, 'Send the body as application/json.');
    });

    // What PostgreSQL cannot store (NUL, lone surrogates) or a schema cannot walk (deep nesting):
    // a 400 naming the field, before any route's validation or query sees it. A body a route takes
    // as bytes (the do-not-call import) is checked where it is parsed: in the import thread.
    app.addHook('preValidation', async (request) => {
      const params = request.params as Record<string, unknown> | undefined;
      // The proxy's wildcard parameter is the upstream path.
      const named = params && '*' in params ? { path: params['*'] } : params;
      const body = ArrayBuffer.isView(request.body) ? undefined : request.body;
      const problem = findUnstorable(body, 'The body') ?? findUnstorable(request.query, 'The query') ?? findUnstorable(named, 'The address');
      if (problem) throw new HttpError(400, problem.message, [problem]);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const url = request.url;
      if (url.startsWith('/auth') || url.startsWith('/api') || (url.startsWith('/bff') && !url.startsWith('/bff/recordings'))) {
        reply.header('Cache-Control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security', dependencies: ['services'] },
);
