/**
 * The write routes through app.inject: the role is checked before the schema (a viewer learns
 * nothing from a 400), the schema is the upstream route's from the contract (field paths), and
 * the Idempotency-Key routes validate their key. The over-HTTP suite (server/test/writes.test.ts)
 * covers what reaches the upstream.
 */
import { describe, expect, it } from 'vitest';
import { refusedFields, useInjectApp } from '../testing/inject';

const t = useInjectApp();
describe('write routes', () => {
  it('refuse a role that may not write before reading the body', async () => {
    const res = await t.as('viewer', { method: 'POST', url: '/bff/campaigns', payload: { name: 1 } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Your role (viewer) may not do this.', errors: [] });
  });

  it("validate the upstream route's body and params with the contract, naming the fields", async () => {
    const body = await t.as('operator', { method: 'POST', url: '/bff/calls', payload: { agentId: 'nope', recipient: { phone: '123' } } });
    expect(body.statusCode).toBe(400);
    expect(body.json().message).toBe('Some fields are not valid.');
    expect(refusedFields(body)).toEqual(['agentId', 'recipient.phone']);
    const params = await t.as('operator', { method: 'POST', url: '/bff/campaigns/not-a-uuid/status', payload: { status: 'PAUSED' } });
    expect(params.statusCode).toBe(400);
    expect(params.json().errors).toEqual([expect.objectContaining({ field: 'id', rejectedValue: 'not-a-uuid' })]);
  });

  it('validate an Idempotency-Key in the path, and say when there is no attempt', async () => {
    const bad = await t.as('operator', { method: 'GET', url: '/bff/writes/short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'That is not an Idempotency-Key.', errors: [{ field: 'key', rejectedValue: 'short' }] });
    const none = await t.as('operator', { method: 'GET', url: '/bff/writes/key-00000001' });
    expect(none.statusCode).toBe(404);
    const resolve = await t.as('operator', { method: 'POST', url: '/bff/writes/key-00000001/resolve', payload: { outcome: 'maybe' } });
    expect(resolve.statusCode).toBe(400);
    expect(resolve.json().message).toBe('Say whether it was applied.');
  });
});
