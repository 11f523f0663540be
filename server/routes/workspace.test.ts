/**
 * The workspace plugin through app.inject (no socket, in-memory PGlite): the scope's session hook,
 * the zod schemas' ErrorResponse with field paths, drafts and views per user, the audit log's role
 * gate before its query. The over-HTTP suite (server/test/upstream.test.ts) covers the registry.
 */
import { describe, expect, it } from 'vitest';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();
describe('workspace routes', () => {
  it('answer 401 without a session, on every route of the scope, before reading the body', async () => {
    const routes = t.app.routeList.filter((r) => /^\/bff\/(campaigns|drafts|views|audit)/.test(r.url) && !['HEAD', 'POST'].includes(r.method));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const { method, url } of routes) {
      const res = await t.send(undefined, {
        method: method as 'GET',
        url: url.replace(':name', 'x'),
        payload: method === 'PUT' ? '{not json' : undefined,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: 'Your session has ended. Sign in again.', errors: [], requestId: res.headers['x-request-id'] });
    }
  });

  it('keep a draft per user, and refuse a bad name or body with field errors', async () => {
    const put = await t.as('operator', { method: 'PUT', url: '/bff/drafts/spring-push', payload: { data: { step: 2 } } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'spring-push', data: { step: 2 } });
    expect((await t.as('operator', { method: 'GET', url: '/bff/drafts/spring-push' })).json().data).toEqual({ step: 2 });
    expect((await t.as('viewer', { method: 'GET', url: '/bff/drafts/spring-push' })).json()).toBeNull();

    const badName = await t.as('operator', { method: 'PUT', url: '/bff/drafts/Bad%20Name', payload: { data: 1 } });
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toMatchObject({
      status: 400,
      message: 'Some fields are not valid.',
      errors: [{ field: 'name', rejectedValue: 'Bad Name', message: 'A draft name is 1-64 lowercase letters, digits or dashes.' }],
    });
    const badBody = await t.as('operator', { method: 'PUT', url: '/bff/drafts/spring-push', payload: { data: 1, extra: true } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toEqual([{ field: 'extra', rejectedValue: true, message: 'Unknown field "extra".' }]);

    expect((await t.as('operator', { method: 'DELETE', url: '/bff/drafts/spring-push' })).statusCode).toBe(204);
    expect((await t.as('operator', { method: 'GET', url: '/bff/drafts/spring-push' })).json()).toBeNull();
  });

  it('page the registry with the query validated', async () => {
    expect((await t.as('viewer', { method: 'GET', url: '/bff/campaigns' })).json()).toEqual({
      content: [],
      page: 1,
      size: 20,
      totalElements: 0,
      totalPages: 0,
    });
    const bad = await t.as('viewer', { method: 'GET', url: '/bff/campaigns?size=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'size', rejectedValue: '1000' })]);
  });

  it('gate the audit log by role before the query is read', async () => {
    const res = await t.as('viewer', { method: 'GET', url: '/bff/audit?from=yesterday' });
    expect(res.statusCode).toBe(403);
    expect((await t.as('admin', { method: 'GET', url: '/bff/audit?from=yesterday' })).json().errors[0].field).toBe('from');
    const page = (await t.as('admin', { method: 'GET', url: '/bff/audit?action=login&size=5' })).json();
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((e: { action: string }) => e.action === 'login')).toBe(true);
  });
});
