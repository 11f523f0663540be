/** The do-not-call plugin through app.inject: the manager hook before the body, the schemas, the answers' shapes. */
import { describe, expect, it } from 'vitest';
import { DncCheckResult, DncEntry, DncPage } from '../../contract/bff/do-not-call';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('do-not-call routes', () => {
  it('let operators add and everyone read, with the role checked before the body', async () => {
    expect((await t.as('viewer', { method: 'POST', url: '/bff/do-not-call', payload: { phone: 7 } })).statusCode).toBe(403);
    const bad = await t.as('operator', { method: 'POST', url: '/bff/do-not-call', payload: { phone: '', reason: 'asked' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('phone');
    const added = await t.as('operator', {
      method: 'POST',
      url: '/bff/do-not-call',
      payload: { phone: '+33 6 12 34 56 78', reason: 'Asked not to be called' },
    });
    expect(added.statusCode).toBe(201);
    expect(DncEntry.parse(added.json()).phone).toBe('+33612345678');
    const page = DncPage.parse((await t.as('viewer', { method: 'GET', url: '/bff/do-not-call?q=612' })).json());
    expect(page.content.map((e) => e.phone)).toEqual(['+33612345678']);
    const check = await t.as('viewer', { method: 'POST', url: '/bff/do-not-call/check', payload: { phones: ['+33612345678', '+33700000000'] } });
    expect(DncCheckResult.parse(check.json()).skipped.map((s) => s.index)).toEqual([0]);
    expect((await t.as('viewer', { method: 'GET', url: '/bff/do-not-call/export.csv' })).statusCode).toBe(403);
  });
});
