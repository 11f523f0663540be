/**
 * The contact route through app.inject: a session first, the number read as E.164 before any
 * database work (400 naming the field, the value not echoed), and a number no call was made to
 * answered with empty parts rather than a 404. Its calls are covered over HTTP in
 * server/test/contacts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('contact route', () => {
  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bff/contacts/%2B33612340001' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses what is not an international number, without echoing it', async () => {
    for (const raw of ['hello', '0612340001', '%2B12']) {
      const res = await t.as('viewer', { method: 'GET', url: `/bff/contacts/${raw}` });
      expect(res.statusCode, raw).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'phone', rejectedValue: null, message: 'Give the number in international form, such as +33 6 12 34 56 78.' },
      ]);
      expect(res.body).not.toContain(decodeURIComponent(raw));
    }
  });

  it('answers a number with no calls, in E.164 whatever form it was given in', async () => {
    const res = await t.as('viewer', { method: 'GET', url: `/bff/contacts/${encodeURIComponent('0033 6 12 34 00 02')}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      phone: '+33612340002',
      totalCalls: 0,
      calls: [],
      campaigns: [],
      recipientOf: [],
      extracted: null,
      classification: null,
      context: [],
      doNotCall: null,
      reviews: [],
      comments: [],
      indexedAt: null,
    });
  });
});
