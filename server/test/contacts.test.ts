/**
 * The contact page's read (GET /bff/contacts/:phone) over real HTTP against the simulator and a
 * real PostgreSQL server: the calls of a number match the upstream's `phone` filter, attempts per
 * campaign and the last status match a direct count, the do-not-call entry and QA comments follow
 * the number, a number with no calls still answers, and a non-number is refused before any read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

describe('the contact page on postgres', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let viewer: Client;
  let operator: Client;
  let phone: string;
  let upstreamCalls: any[];

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_contacts', { ...FAST_INDEX });
    stack = await startTestStack({ seedCalls: 300, env: store.env });
    viewer = await stack.login('viewer');
    operator = await stack.login('operator');
    await waitFor('the backfill', async () => {
      const s = (await viewer.request('GET', '/bff/index/status')).body;
      return s.backfill?.complete && s.indexedAt && s;
    });
    // The number with the most calls upstream.
    const all = (await stack.upstream('GET', '/v1/calls?size=100&sort=startTime,DESC')).body.content as any[];
    const counts = new Map<string, number>();
    for (const c of all) counts.set(c.phone, (counts.get(c.phone) ?? 0) + 1);
    phone = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    upstreamCalls = (await stack.upstream('GET', `/v1/calls?phone=${encodeURIComponent(phone)}&size=100&sort=startTime,DESC`)).body.content as any[];
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  const contact = (who: Client, number: string) => who.request('GET', `/bff/contacts/${encodeURIComponent(number)}`);

  it("lists the number's calls as the upstream's phone filter does, with attempts per campaign and the last status", async () => {
    expect(upstreamCalls.length).toBeGreaterThan(0);
    // The index may still be refreshing a live call: wait until it has them all.
    const body = await waitFor('every call of the number in the index', async () => {
      const res = await contact(viewer, phone);
      expect(res.status, res.text).toBe(200);
      return res.body.totalCalls === upstreamCalls.length && res.body;
    });
    expect(body.phone).toBe(phone);
    expect(body.calls.map((c: any) => c.id).sort()).toEqual(upstreamCalls.map((c) => c.id).sort());
    // Newest first.
    const starts = body.calls.map((c: any) => Date.parse(c.startTime));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    // Attempts per campaign: a direct count of the index's rows.
    const { rows } = await stack.app.ctx.db.query<{ campaign_name: string | null; n: number }>(
      `SELECT campaign_name, count(*)::int AS n FROM index_calls WHERE phone = $1 GROUP BY 1`,
      [phone],
    );
    expect(Object.fromEntries(body.campaigns.map((c: any) => [c.campaignName ?? '', c.attempts]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.campaign_name ?? '', r.n])),
    );
    for (const campaign of body.campaigns) {
      const newest = body.calls.find((c: any) => c.campaignName === campaign.campaignName);
      expect(campaign.lastStatus).toBe(newest.status);
      expect(campaign.lastAt).toBe(newest.startTime);
    }
    // Context keys of the calls, the reserved `system` left out.
    const keys = new Set(upstreamCalls.flatMap((c) => Object.keys(c.context ?? {}).filter((k) => k !== 'system')));
    expect(new Set(body.context.map((c: any) => c.key))).toEqual(keys);
    expect(body.context.some((c: any) => c.key === 'system')).toBe(false);
    // The latest extracted data is the newest call's that had any.
    const withData = upstreamCalls.find((c) => Object.keys(c.extractedData ?? {}).length > 0);
    expect(body.extracted?.callId ?? null).toBe(withData?.id ?? null);
  });

  it('reads the number in any international form, and shows its do-not-call entry and QA comments', async () => {
    const [callId] = upstreamCalls.map((c) => c.id);
    const commented = await operator.request('POST', `/bff/review/calls/${callId}/comments`, { body: { text: 'Asked for a callback on Monday', line: 0 } });
    expect(commented.status, commented.text).toBe(201);
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone, reason: 'Asked not to be called' } })).status).toBe(201);
    const spaced = phone.replace(/^(\+\d{2})(\d)(\d{2})/, '$1 $2 $3 ');
    const res = await contact(viewer, spaced);
    expect(res.status, res.text).toBe(200);
    expect(res.body.phone).toBe(phone);
    expect(res.body.doNotCall).toMatchObject({ phone, reason: 'Asked not to be called' });
    expect(res.body.comments).toEqual([expect.objectContaining({ callId, text: 'Asked for a callback on Monday', author: 'operator' })]);
  });

  it('answers for a number with no calls, only a do-not-call entry', async () => {
    const lonely = '+33612340077';
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: lonely, reason: 'Listed by hand' } })).status).toBe(201);
    const res = await contact(viewer, lonely);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      phone: lonely,
      totalCalls: 0,
      calls: [],
      campaigns: [],
      extracted: null,
      classification: null,
      context: [],
      reviews: [],
      comments: [],
    });
    expect(res.body.doNotCall).toMatchObject({ phone: lonely, reason: 'Listed by hand' });
  });

  it('refuses what is not a phone number, without echoing it, and asks a session', async () => {
    const res = await contact(viewer, 'not-a-number');
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('not-a-number');
    expect((await contact(viewer, '0612345678')).status).toBe(400);
    const anonymous = await fetch(`${stack.url}/bff/contacts/${encodeURIComponent(phone)}`);
    expect(anonymous.status).toBe(401);
  });
});
