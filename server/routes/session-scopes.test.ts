/**
 * The session is checked once, by the onRequest hook of each signed-in scope, before the body is
 * read: every route of the app but the public ones answers 401 without a session, even when its
 * body is not JSON at all, and no handler is reached. The public routes are listed once
 * (server/plugins/openapi.ts); a new route is signed-in unless added to that list.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTES } from '../plugins/openapi';
import { useInjectApp } from '../testing/inject';

// The public routes are the OpenAPI document's (security: []), and the SPA's files.
const PUBLIC = new Set([...PUBLIC_ROUTES, 'GET /', 'GET /*']);

const t = useInjectApp();

describe('signed-in scopes', () => {
  it('answer 401 on every non-public route without a session, before the body is parsed', async () => {
    const routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && !PUBLIC.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const { method, url } of routes) {
      // The proxy answers writes with 405 whoever asks (they are never proxied): its reads are checked.
      if (url === '/api/*' && method !== 'GET') continue;
      const path = url === '/api/*' ? '/api/v1/calls' : url.replace(/:(\w+)/g, (_, name: string) => (name === 'key' ? 'key-00000001' : 'x'));
      const res = await t.send(undefined, {
        method: method as 'GET',
        url: path,
        payload: method === 'GET' || method === 'DELETE' ? undefined : '{not json',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toMatchObject({ status: 401, message: 'Your session has ended. Sign in again.' });
    }
  });

  it('keep the proxy answering a write with 405 naming the write route, signed in or not', async () => {
    const res = await t.send(undefined, { method: 'POST', url: '/api/v1/calls', payload: {} });
    expect(res.statusCode).toBe(405);
    expect(res.json().message).toBe('Changes are not proxied; use POST /bff/calls.');
  });
});
