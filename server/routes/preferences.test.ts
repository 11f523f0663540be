/** The preferences plugin through app.inject, on a real PostgreSQL database: defaults, a kept zone and calls table per user, refusals. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CALLS_TABLE, Preferences } from '../../contract/bff/preferences';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('preferences routes', () => {
  it('keep a display zone per user, in the contract shape, and refuse an unknown one', async () => {
    expect(Preferences.parse((await t.as('viewer', { method: 'GET', url: '/bff/preferences' })).json())).toEqual({
      timeZone: null,
      callsTable: DEFAULT_CALLS_TABLE,
    });
    const put = await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: { timeZone: 'Europe/Paris' } });
    expect(Preferences.parse(put.json())).toEqual({ timeZone: 'Europe/Paris', callsTable: DEFAULT_CALLS_TABLE });
    expect((await t.as('viewer', { method: 'GET', url: '/bff/preferences' })).json()).toEqual({ timeZone: 'Europe/Paris', callsTable: DEFAULT_CALLS_TABLE });
    expect((await t.as('operator', { method: 'GET', url: '/bff/preferences' })).json()).toEqual({ timeZone: null, callsTable: DEFAULT_CALLS_TABLE });
    const bad = await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: { timeZone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'timeZone', rejectedValue: 'Mars/Olympus' })]);
  });

  it('answer a body that is not JSON, or empty, in the console’s words, not the framework’s', async () => {
    const put = (payload: string) => t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload, headers: { 'content-type': 'application/json' } });
    const notJson = await put('{"timeZone": ');
    expect([notJson.statusCode, notJson.json().message]).toEqual([400, 'The body is not valid JSON.']);
    const empty = await put('');
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'The body is empty; send a JSON object.']);
  });

  it('keep the calls table (columns and density) per user, apart from the zone: each PUT keeps what it leaves out', async () => {
    const table = { columns: ['startTime', 'status', 'duration', 'summary'], density: 'compact' };
    const put = await t.as('admin', { method: 'PUT', url: '/bff/preferences', payload: { callsTable: table } });
    expect(put.statusCode).toBe(200);
    expect(Preferences.parse(put.json())).toEqual({ timeZone: null, callsTable: table });
    // A zone change does not reset the table, and the table survives being read again.
    await t.as('admin', { method: 'PUT', url: '/bff/preferences', payload: { timeZone: 'Asia/Tokyo' } });
    expect((await t.as('admin', { method: 'GET', url: '/bff/preferences' })).json()).toEqual({ timeZone: 'Asia/Tokyo', callsTable: table });
    // The bootstrap carries the same preferences (the first paint of /calls uses them: no flash).
    const boot = await t.as('admin', { method: 'GET', url: '/auth/bootstrap' });
    expect(boot.json().preferences).toEqual({ timeZone: 'Asia/Tokyo', callsTable: table });
    // Another user still has the defaults.
    expect((await t.as('operator', { method: 'GET', url: '/bff/preferences' })).json().callsTable).toEqual(DEFAULT_CALLS_TABLE);
  });

  it('refuse a table without the Start column, an unknown column, a repeated one, an unknown density, or an empty body', async () => {
    const cases: [unknown, string][] = [
      [{ callsTable: { columns: ['status'], density: 'compact' } }, 'callsTable.columns'],
      [{ callsTable: { columns: ['startTime', 'secret'], density: 'compact' } }, 'callsTable.columns[1]'],
      [{ callsTable: { columns: ['startTime', 'status', 'status'], density: 'compact' } }, 'callsTable.columns'],
      [{ callsTable: { columns: ['startTime'], density: 'tiny' } }, 'callsTable.density'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: {} })).statusCode).toBe(400);
    expect(
      (await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: { callsTable: { columns: ['startTime'], density: 'compact', x: 1 } } }))
        .statusCode,
    ).toBe(400);
  });
});
