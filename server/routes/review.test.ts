/**
 * The review plugin through app.inject (no socket, in-memory PGlite, an empty index): the admin gate
 * before the body is read, the schemas' field errors, rubric versions (the same rubric twice is one
 * version), a review refused with the reason when the call is not indexed, an empty queue. The
 * over-HTTP suite (server/test/review.test.ts) covers sampling, checks and agreement on real data.
 */
import { describe, expect, it } from 'vitest';
import { REVIEW_LIMITS } from '../../contract/bff/review';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();
const AGENT = '7b0c8a52-5d0e-4c57-9a2a-1f7a3c0e9b11';

describe('review routes', () => {
  it('refuse a viewer the admin routes before looking at the body', async () => {
    for (const [method, url] of [
      ['PUT', `/bff/review/rubrics/${AGENT}`],
      ['POST', '/bff/review/sampling-rules'],
      ['POST', '/bff/review/checks'],
      ['DELETE', '/bff/review/rules/1'],
      ['POST', '/bff/review/queue/fill'],
    ] as const) {
      const res = await t.as('viewer', { method, url, payload: '{not json', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('Only admins define rubrics, sampling rules and checks; your role is viewer.');
    }
  });

  it('version a rubric only when it changes, and name the field of a bad one', async () => {
    const body = { items: [{ label: 'Greets', weight: 2 }], note: 'Be fair.' };
    const first = await t.as('admin', { method: 'PUT', url: `/bff/review/rubrics/${AGENT}`, payload: body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, items: [{ id: 1, label: 'Greets', weight: 2 }], note: 'Be fair.', updatedBy: 'admin' });
    expect((await t.as('admin', { method: 'PUT', url: `/bff/review/rubrics/${AGENT}`, payload: body })).json().version).toBe(1);
    const changed = await t.as('admin', { method: 'PUT', url: `/bff/review/rubrics/${AGENT}`, payload: { ...body, note: 'Be kind.' } });
    expect(changed.json().version).toBe(2);
    expect((await t.as('viewer', { method: 'GET', url: `/bff/review/rubrics/${AGENT}` })).json().version).toBe(2);
    const bad = await t.as('admin', { method: 'PUT', url: `/bff/review/rubrics/${AGENT}`, payload: { items: [{ label: 'x'.repeat(121), weight: 'heavy' }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: 'The rubric is not valid.',
      errors: [
        { field: 'items[0].label', message: 'Keep the item to 120 characters.' },
        { field: 'items[0].weight', message: 'The weight must be a whole number.' },
      ],
    });
  });

  it('say why a call cannot be reviewed yet, and answer an empty queue', async () => {
    const res = await t.as('viewer', { method: 'PUT', url: `/bff/review/calls/${AGENT}`, payload: { rubricVersion: 1, scores: { 1: true } } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not in the index yet/);
    const review = await t.as('viewer', { method: 'GET', url: `/bff/review/calls/${AGENT}` });
    expect(review.json()).toMatchObject({ agentId: null, rubric: null, inQueue: false, mine: null, agreement: null, comments: [] });
    expect((await t.as('viewer', { method: 'GET', url: '/bff/review/queue' })).json()).toMatchObject({ content: [], totalElements: 0 });
    expect((await t.as('viewer', { method: 'GET', url: '/bff/review/queue/next' })).json()).toEqual({ callId: null, remaining: 0 });
    const badId = await t.as('admin', { method: 'DELETE', url: '/bff/review/rules/0x10' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0]).toMatchObject({ field: 'id' });
  });

  it("hold a person to REVIEW_LIMITS' comments per minute and a call to its comments, saying which", async () => {
    const call = '0b6f7f3e-9a0c-4d4e-8f7e-5c1d2a3b4c5d';
    const post = (role: 'operator' | 'viewer', text: string) =>
      t.as(role, { method: 'POST', url: `/bff/review/calls/${call}/comments`, payload: { text, line: 0 } });
    for (let i = 0; i < REVIEW_LIMITS.commentsPerUserPerMinute; i += 1) expect((await post('operator', `note ${i}`)).statusCode).toBe(201);
    const limited = await post('operator', 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      `You have added ${REVIEW_LIMITS.commentsPerUserPerMinute} comments in the last minute, the most one person may; wait a minute and try again.`,
    );
    expect(limited.headers['retry-after']).toBe('60');
    // Another person's minute is their own; and a call holds at most its share.
    expect((await post('viewer', 'mine')).statusCode).toBe(201);
    await t.app.ctx.db.query(`INSERT INTO review_comments (call_id, user_id, author, text) SELECT $1, 999, 'bulk', 'x' FROM generate_series(1, $2)`, [
      call,
      REVIEW_LIMITS.commentsPerCall - REVIEW_LIMITS.commentsPerUserPerMinute - 1,
    ]);
    const full = await post('viewer', 'the last straw');
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(`This call has ${REVIEW_LIMITS.commentsPerCall} comments, the most one call may hold. Remove one first.`);
  });
});
