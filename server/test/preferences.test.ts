/**
 * The per-user preferences route (the display time zone), and the answers that are not errors:
 * no draft yet, nobody signed in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';
import { DEFAULT_CALLS_TABLE } from '../../contract/bff/preferences.plain';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

describe('preferences', () => {
  it('starts with the browser zone (null), keeps a chosen zone per user, and goes back to null', async () => {
    const operator = await stack.login('operator');
    const viewer = await stack.login('viewer');
    expect(await operator.request('GET', '/bff/preferences')).toMatchObject({ status: 200, body: { timeZone: null } });
    expect(await operator.request('PUT', '/bff/preferences', { body: { timeZone: 'Asia/Tokyo' } })).toMatchObject({
      status: 200,
      body: { timeZone: 'Asia/Tokyo', callsTable: DEFAULT_CALLS_TABLE },
    });
    expect((await operator.request('GET', '/bff/preferences')).body).toEqual({ timeZone: 'Asia/Tokyo', callsTable: DEFAULT_CALLS_TABLE });
    // Another user, and the same user in another browser.
    expect((await viewer.request('GET', '/bff/preferences')).body).toEqual({ timeZone: null, callsTable: DEFAULT_CALLS_TABLE });
    expect((await (await stack.login('operator')).request('GET', '/bff/preferences')).body).toEqual({
      timeZone: 'Asia/Tokyo',
      callsTable: DEFAULT_CALLS_TABLE,
    });
    expect((await operator.request('PUT', '/bff/preferences', { body: { timeZone: null } })).body).toEqual({ timeZone: null, callsTable: DEFAULT_CALLS_TABLE });
    expect((await operator.request('GET', '/bff/preferences')).body).toEqual({ timeZone: null, callsTable: DEFAULT_CALLS_TABLE });
  });

  it('refuses a zone that is not one, naming the field; needs a session', async () => {
    const operator = await stack.login('operator');
    for (const timeZone of ['Mars/Olympus', 'Europe/Paris; DROP TABLE users', '', 42]) {
      const res = await operator.request('PUT', '/bff/preferences', { body: { timeZone } });
      expect(res.status, String(timeZone)).toBe(400);
      expect(res.body.errors[0].field).toBe('timeZone');
    }
    expect((await operator.request('PUT', '/bff/preferences', { body: { timeZone: 'UTC', extra: 1 } })).status).toBe(400);
    expect((await stack.client().request('GET', '/bff/preferences')).status).toBe(401);
  });
});

describe('answers that are not errors', () => {
  it('no draft yet is 200 null; no session cookie is 200 null', async () => {
    const operator = await stack.login('operator');
    expect(await operator.request('GET', '/bff/drafts/campaign-new')).toMatchObject({ status: 200, body: null });
    expect(await stack.client().request('GET', '/auth/session')).toMatchObject({ status: 200, body: null });
    expect((await operator.request('GET', '/auth/session')).body).toMatchObject({ user: 'operator', role: 'operator' });
  });
});
