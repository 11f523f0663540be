/** The preferences plugin through app.inject: defaults, a kept zone per user, a refused zone. */
import { describe, expect, it } from 'vitest';
import { Preferences } from '../../contract/bff/preferences';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('preferences routes', () => {
  it('keep a display zone per user, in the contract shape, and refuse an unknown one', async () => {
    expect(Preferences.parse((await t.as('viewer', { method: 'GET', url: '/bff/preferences' })).json())).toEqual({ timeZone: null });
    const put = await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: { timeZone: 'Europe/Paris' } });
    expect(Preferences.parse(put.json())).toEqual({ timeZone: 'Europe/Paris' });
    expect((await t.as('viewer', { method: 'GET', url: '/bff/preferences' })).json()).toEqual({ timeZone: 'Europe/Paris' });
    expect((await t.as('operator', { method: 'GET', url: '/bff/preferences' })).json()).toEqual({ timeZone: null });
    const bad = await t.as('viewer', { method: 'PUT', url: '/bff/preferences', payload: { timeZone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'timeZone', rejectedValue: 'Mars/Olympus' })]);
  });
});
