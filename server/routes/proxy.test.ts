/** The read proxy through app.inject: the contract route first (404/405), then the session, then the bearer. */
import { describe, expect, it } from 'vitest';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('proxy route', () => {
  it('answer unknown paths, other methods, a missing session and a missing bearer, in that order', async () => {
    expect((await t.send(undefined, { method: 'GET', url: '/api/v1/nothing' })).statusCode).toBe(404);
    const write = await t.send(undefined, { method: 'PATCH', url: '/api/v1/agents/00000000-0000-4000-8000-000000000000', payload: {} });
    expect([write.statusCode, write.headers.allow]).toEqual([405, 'GET']);
    expect((await t.send(undefined, { method: 'GET', url: '/api/v1/calls' })).statusCode).toBe(401);
    const noBearer = await t.as('viewer', { method: 'GET', url: '/api/v1/calls' });
    expect(noBearer.statusCode).toBe(401);
    expect(noBearer.json().message).toBe('Send a token obtained from /auth/token in this session.');
  });
});
