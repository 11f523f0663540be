/**
 * The permission table's enforcement, over the whole route list: every route declares what it
 * needs (a permission of contract/bff/permissions.ts, `public`, or `upstream-scope`); the public
 * ones are exactly the OpenAPI document's; and every role without a route's permission is refused
 * with the table's words before the body is read, while every role with it gets past the hook.
 */
import { describe, expect, it } from 'vitest';
import { can, refusal, ROLES, type Permission } from '../../contract/bff/permissions';
import { PUBLIC_ROUTES } from '../plugins/openapi';
import { useInjectApp } from '../testing/inject';

// The SPA's files, served by @fastify/static (public, and outside the table).
const STATIC = new Set(['GET /', 'GET /*']);

const t = useInjectApp();
const routes = () => t.app.routeList.filter((r) => r.method !== 'HEAD' && !STATIC.has(`${r.method} ${r.url}`));
const pathOf = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'key' ? 'key-00000001' : 'x'));

describe('the permission table on every route', () => {
  it('every route declares what it needs', () => {
    expect(routes().length).toBeGreaterThanOrEqual(60);
    expect(
      routes()
        .filter((r) => r.permission === undefined)
        .map((r) => `${r.method} ${r.url}`),
    ).toEqual([]);
  });

  it("the public routes are exactly the OpenAPI document's", () => {
    // OpenID Connect's two routes are registered only when it is configured (it is not here).
    const registered = new Set(routes().map((r) => `${r.method} ${r.url}`));
    const declared = routes()
      .filter((r) => r.permission === 'public')
      .map((r) => `${r.method} ${r.url}`);
    expect(new Set(declared)).toEqual(new Set([...PUBLIC_ROUTES].filter((r) => registered.has(r))));
  });

  it("refuses each role without the permission with the table's words, and lets each role with it past", async () => {
    const gated = routes().filter((r): r is typeof r & { permission: Permission } => r.permission !== 'public' && r.permission !== 'upstream-scope');
    expect(gated.length).toBeGreaterThanOrEqual(40);
    for (const { method, url, permission } of gated) {
      for (const role of ROLES) {
        const res = await t.as(role, {
          method: method as 'GET',
          url: pathOf(url),
          payload: method === 'GET' || method === 'DELETE' ? undefined : '{not json',
          headers: { 'content-type': 'application/json' },
        });
        const refused = res.statusCode === 403 && res.json().message === refusal(role, permission);
        expect(refused, `${role} ${method} ${url} (${permission})`).toBe(!can(role, permission));
      }
    }
  });
});
