/**
 * Outcomes and campaign recipients over real HTTP against the simulator, on a real PostgreSQL
 * server (docs/outcomes.md):
 * - an outcome's calls, kept per call as the index writes, equal a direct count over the upstream's
 *   own calls (read with the API key), when defined and again after more calls come in;
 * - each recipient's state through a simulated campaign day with retries (the simulator's clock),
 *   checked against the upstream's calls of each number; a number left out by the do-not-call list
 *   is skipped with why; a campaign not created here says so;
 * - retention: the recipients go after the retention period, or at once on an admin's request.
 */
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { STATUS_GROUP_OF } from '../../contract/status-groups';
import { prune } from '../services/retention';
import { NONE_KEPT, NOT_CREATED_HERE } from '../services/campaigns/recipients';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

const EVERY_DAY = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const LISTED = '+33612359901';

describe('outcomes and campaign recipients on postgres', { timeout: 180_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let admin: Client;
  let operator: Client;
  let agentId: string;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_outcomes', { ...FAST_INDEX });
    stack = await startTestStack({ seedCalls: 80, env: store.env });
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    agentId = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived).id;
    admin = await stack.login('admin');
    operator = await stack.login('operator');
    expect((await operator.request('POST', '/bff/do-not-call', { body: { phone: LISTED, reason: 'Asked' } })).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  /** Every call of the agent upstream (the truth), read with the API key. */
  async function upstreamCalls(query: string): Promise<any[]> {
    const calls: any[] = [];
    for (let page = 1; ; page += 1) {
      const res = await stack.upstream('GET', `/v1/calls?${query}&size=100&page=${page}&sort=startTime,ASC`);
      expect(res.status, res.text).toBe(200);
      calls.push(...res.body.content);
      if (page >= res.body.totalPages) return calls;
    }
  }
  const outcomeCalls = async (id: number) => ((await admin.request('GET', '/bff/outcomes')).body as any[]).find((o) => o.id === id)?.calls as number;

  it('validates an outcome with clear messages, and only admins define one', async () => {
    const bad = await admin.request('POST', '/bff/outcomes', { body: { name: ' ', clauses: [{ kind: 'duration', op: 'atLeast', seconds: -1 }] } });
    expect(bad.status).toBe(400);
    const byField = Object.fromEntries((bad.body.errors as any[]).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      name: 'Enter a name.',
      'clauses[0].seconds': 'Enter 0 seconds or more.',
      agentId: 'Attach the outcome to an agent or to a campaign.',
    });
    const none = await admin.request('POST', '/bff/outcomes', { body: { name: 'x', agentId, clauses: [] } });
    expect(none.body.errors[0]).toMatchObject({ field: 'clauses', message: 'Add at least one condition.' });
    expect((await operator.request('POST', '/bff/outcomes', { body: { name: 'x', agentId, clauses: [{ kind: 'tag', tag: 'a' }] } })).status).toBe(403);
  });

  it("counts an outcome's calls as a direct count over the upstream's calls does, and keeps up as calls come in", async () => {
    // The backfill reads the last INDEX_BACKFILL_DAYS: the direct count is over the calls indexed.
    await waitFor(
      'the backfill',
      async () => (await stack.app.ctx.db.query<{ done: boolean }>('SELECT backfill_complete AS done FROM index_sync')).rows[0]!.done,
    );
    const inIndex = async () => new Set((await stack.app.ctx.db.query<{ id: string }>('SELECT id::text AS id FROM index_calls')).rows.map((r) => r.id));
    const directCount = async () => {
      const ids = await inIndex();
      return (await upstreamCalls(`agentId=${agentId}`)).filter((c) => ids.has(c.id) && meets(c)).length;
    };
    const indexedNow = await inIndex();
    const calls = (await upstreamCalls(`agentId=${agentId}`)).filter((c) => indexedNow.has(c.id));
    // A classifier value that some of the agent's reached calls carry, from the data itself, and a
    // duration threshold that one of them has exactly (the boundary counts).
    const reached = calls.filter((c) => ['COMPLETED', 'TRANSFERRED'].includes(c.status) && Object.keys(c.classificationData ?? {}).length > 0);
    expect(reached.length, 'classified reached calls').toBeGreaterThan(1);
    const [classifier, value] = Object.entries(reached[0].classificationData)[0]! as [string, string];
    const sameClass = reached.filter((c) => c.classificationData[classifier] === value && c.duration !== null);
    const seconds = sameClass.map((c) => c.duration as number).sort((a, b) => a - b)[Math.floor(sameClass.length / 2)]!;
    const clauses = [
      { kind: 'status', statuses: ['COMPLETED', 'TRANSFERRED'] },
      { kind: 'classifier', classifier, value },
      { kind: 'duration', op: 'atLeast', seconds },
    ];
    const meets = (c: any) => ['COMPLETED', 'TRANSFERRED'].includes(c.status) && c.classificationData?.[classifier] === value && (c.duration ?? -1) >= seconds;
    const created = await admin.request('POST', '/bff/outcomes', { body: { name: `Booked ${Date.now()}`, agentId, clauses } });
    expect(created.status, created.text).toBe(201);
    const direct = await directCount();
    expect(direct, 'the data has calls that meet it').toBeGreaterThan(0);
    await waitFor('the outcome as counted directly', async () => (await outcomeCalls(created.body.id)) === (await directCount()));

    // A name taken is refused on the name.
    const twice = await admin.request('POST', '/bff/outcomes', { body: { name: created.body.name.toUpperCase(), agentId, clauses } });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].field).toBe('name');

    // More calls (a campaign of the agent's): the per-call rows follow the index's writes, with no
    // re-evaluation asked for. A broad outcome too, so the new calls surely meet one.
    const reachedOutcome = await admin.request('POST', '/bff/outcomes', {
      body: { name: `Reached ${Date.now()}`, agentId, clauses: [{ kind: 'status', statuses: ['COMPLETED', 'TRANSFERRED'] }] },
    });
    expect(reachedOutcome.status, reachedOutcome.text).toBe(201);
    const isReached = (c: any) => ['COMPLETED', 'TRANSFERRED'].includes(c.status);
    const reachedCount = async () => {
      const ids = await inIndex();
      return (await upstreamCalls(`agentId=${agentId}`)).filter((c) => ids.has(c.id) && isReached(c)).length;
    };
    const reachedBefore = await reachedCount();
    expect(await outcomeCalls(reachedOutcome.body.id)).toBe(reachedBefore);
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const more = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `outcomes-more-${Date.now()}` },
      body: {
        name: `More ${Date.now()}`,
        agentId,
        startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).plus({ days: 1 }).toISODate(),
        timezone: 'UTC',
        batchSize: 100,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        recipients: Array.from({ length: 40 }, (_, i) => ({ phone: `+336123597${String(i).padStart(2, '0')}` })),
      },
    });
    expect(more.status, more.text).toBe(201);
    await stack.control('POST', '/_sim/clock', { advanceMinutes: 2 * 24 * 60 });
    let last = '';
    await waitFor('the outcomes after a day of calls', async () => {
      const truth = await directCount();
      const reachedTruth = await reachedCount();
      last = `${await outcomeCalls(created.body.id)} of ${truth}; reached ${await outcomeCalls(reachedOutcome.body.id)} of ${reachedTruth}, first ${reachedBefore}`;
      return reachedTruth > reachedBefore && (await outcomeCalls(reachedOutcome.body.id)) === reachedTruth && (await outcomeCalls(created.body.id)) === truth;
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${last}`);
    });

    // Transcript events are known once a call's transcript is indexed: the rows follow the
    // transcripts' writes too (the upstream's transcripts were read into the index; counted there).
    const transferred = await admin.request('POST', '/bff/outcomes', {
      body: { name: `No machine ${Date.now()}`, agentId, clauses: [{ kind: 'transcript', event: 'answeringMachine', happened: false }] },
    });
    expect(transferred.status, transferred.text).toBe(201);
    await waitFor('the transcript outcome as counted in the index', async () => {
      const { rows: t } = await stack.app.ctx.db.query<{ n: number; pending: number }>(
        `SELECT count(*) FILTER (WHERE answering_machine IS FALSE)::int AS n, count(*) FILTER (WHERE transcript_state = 'pending' AND status <> 'IN_PROGRESS')::int AS pending
           FROM index_calls WHERE agent_id = $1`,
        [agentId],
      );
      return t[0]!.pending === 0 && t[0]!.n > 0 && (await outcomeCalls(transferred.body.id)) === t[0]!.n;
    });

    for (const o of [reachedOutcome, transferred]) expect((await admin.request('DELETE', `/bff/outcomes/${o.body.id}`)).status).toBe(204);
    expect((await admin.request('DELETE', `/bff/outcomes/${created.body.id}`)).status).toBe(204);
    const { rows } = await stack.app.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM index_call_outcomes WHERE outcome_id = $1', [created.body.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it("follows each recipient's state through a campaign day with retries", async () => {
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const name = `Outcomes ${Date.now()}`;
    const phones = Array.from({ length: 24 }, (_, i) => `+336123598${String(i).padStart(2, '0')}`);
    const retry = { max: 2, delay: 30, retryOn: ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'] };
    const created = await operator.request('POST', '/bff/campaigns', {
      headers: { 'idempotency-key': `outcomes-${Date.now()}` },
      body: {
        name,
        agentId,
        startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).plus({ days: 1 }).toISODate(),
        timezone: 'UTC',
        batchSize: 100,
        days: EVERY_DAY,
        timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
        retry,
        // The listed number is left out of the create, and shown skipped with why.
        recipients: [{ phone: LISTED }, ...phones.map((phone) => ({ phone }))],
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const outcome = await admin.request('POST', '/bff/outcomes', {
      body: { name: `Reached here ${Date.now()}`, campaignName: name, clauses: [{ kind: 'status', statuses: ['COMPLETED'] }] },
    });
    expect(outcome.status, outcome.text).toBe(201);

    const read = async () => {
      const res = await operator.request('GET', `/bff/campaigns/${id}/recipients`);
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    const before = await read();
    expect(before.known).toBe(true);
    expect(before.funnel).toMatchObject({ recipients: 24, attempted: 0, reached: 0, skipped: 1 });
    expect(before.states).toMatchObject({ notCalled: 24, skipped: 1 });
    expect(before.recipients.find((r: any) => r.phone === LISTED)).toMatchObject({ state: 'skipped', skipReason: 'On the do-not-call list (manual): Asked' });

    /** The states expected from the upstream's own calls of each number (newest last). */
    const expected = async (nowIso: string) => {
      const calls = await upstreamCalls(`campaignName=${encodeURIComponent(name)}`);
      const by = new Map<string, any[]>();
      for (const c of calls) by.set(c.phone, [...(by.get(c.phone) ?? []), c]);
      const states: Record<string, string> = {};
      for (const phone of phones) {
        const own = (by.get(phone) ?? []).sort((a, b) => a.startTime.localeCompare(b.startTime));
        const last = own.at(-1);
        if (own.some((c) => c.status === 'COMPLETED')) states[phone] = 'outcome';
        else if (own.some((c) => STATUS_GROUP_OF[c.status as keyof typeof STATUS_GROUP_OF] === 'reached')) states[phone] = 'reached';
        else if (!last) states[phone] = 'notCalled';
        else if (last.status === 'IN_PROGRESS') states[phone] = 'inProgress';
        else if (!retry.retryOn.includes(last.status)) states[phone] = 'notRetried';
        else if (own.length >= retry.max + 1) states[phone] = 'retriesExhausted';
        else states[phone] = 'waitingRetry';
      }
      void nowIso;
      return { states, calls: calls.length };
    };
    let mismatch = '';
    const matches = async () => {
      const now = (await stack.control('GET', '/_sim/clock')).body.now as string;
      const truth = await expected(now);
      const body = await read();
      const got = Object.fromEntries((body.recipients as any[]).filter((r) => r.phone !== LISTED).map((r) => [r.phone, r.state]));
      const want = Object.fromEntries(phones.map((p) => [p, truth.states[p]]));
      mismatch = phones
        .filter((p) => got[p] !== want[p])
        .map((p) => `${p}: ${got[p]} (want ${want[p]})`)
        .join('; ');
      return JSON.stringify(got) === JSON.stringify(want) && { body, truth };
    };

    // Through the campaign's first day, hour by hour from its window's opening.
    const start = DateTime.fromISO(clock.now, { zone: 'UTC' }).plus({ days: 1 }).set({ hour: 10, minute: 5 });
    const seen = new Set<string>();
    // What each checkpoint showed, for the message of the last check below (it once failed on a
    // loaded machine with none of the retry states seen, and nothing said what each moment held).
    const shown: string[] = [];
    for (const at of [start, start.plus({ minutes: 50 }), start.plus({ hours: 2, minutes: 50 }), start.plus({ hours: 8 })]) {
      const now = DateTime.fromISO((await stack.control('GET', '/_sim/clock')).body.now, { zone: 'UTC' });
      const minutes = Math.max(1, Math.round(at.diff(now, 'minutes').minutes));
      await stack.control('POST', '/_sim/clock', { advanceMinutes: minutes });
      const { body } = await waitFor(`the recipients' states at ${at.toISO()}`, matches).catch((e: Error) => {
        throw new Error(`${e.message}: ${mismatch}`);
      });
      const tally = new Map<string, number>();
      for (const r of body.recipients as any[]) tally.set(r.state, (tally.get(r.state) ?? 0) + 1);
      shown.push(`${at.toISO()}: ${[...tally].map(([state, n]) => `${state} ×${n}`).join(', ')}`);
      for (const r of body.recipients as any[]) {
        seen.add(r.state);
        if (r.state === 'waitingRetry') {
          // An estimate: the last call's end plus the delay.
          expect(r.nextRetryAround).not.toBeNull();
          expect(new Date(r.nextRetryAround).getTime()).toBeGreaterThan(new Date(r.lastCallAt).getTime());
        } else expect(r.nextRetryAround).toBeNull();
      }
      const sent = (body.recipients as any[]).filter((r) => r.phone !== LISTED);
      expect(body.funnel.attempted).toBe(sent.filter((r) => r.attempts > 0).length);
      expect(body.funnel.outcomes).toEqual([{ id: outcome.body.id, name: outcome.body.name, recipients: sent.filter((r) => r.state === 'outcome').length }]);
    }
    // The campaigns list's figures: the same count as the funnel, of the recipients sent.
    const final = await read();
    const list = await operator.request('GET', `/bff/outcomes/campaigns?id=${id}`);
    expect(list.status, list.text).toBe(200);
    expect(list.body).toEqual([
      { campaignId: id, recipients: 24, outcomes: [{ id: outcome.body.id, name: outcome.body.name, recipients: final.funnel.outcomes[0].recipients }] },
    ]);
    expect(final.funnel.outcomes[0].recipients).toBe((final.recipients as any[]).filter((r) => r.state === 'outcome').length);
    expect(seen.has('notCalled') || seen.has('waitingRetry') || seen.has('retriesExhausted'), shown.join('; ')).toBe(true);
    expect(seen.has('outcome') || seen.has('reached')).toBe(true);
  });

  it('says why a campaign has no recipients, and erases them on request and after the retention period', async () => {
    // Created elsewhere (straight upstream): not in the registry.
    const clock = (await stack.control('GET', '/_sim/clock')).body;
    const body = {
      name: `Elsewhere ${Date.now()}`,
      agentId,
      startDate: DateTime.fromISO(clock.now, { zone: 'UTC' }).plus({ days: 1 }).toISODate(),
      timezone: 'UTC',
      batchSize: 10,
      days: EVERY_DAY,
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      recipients: [{ phone: '+33612359990' }],
    };
    const elsewhere = await stack.upstream('POST', '/v1/campaigns', body);
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect((await operator.request('GET', `/bff/campaigns/${elsewhere.body.id}/recipients`)).body).toEqual({ known: false, reason: NOT_CREATED_HERE });

    const make = async (suffix: string) => {
      const res = await operator.request('POST', '/bff/campaigns', {
        headers: { 'idempotency-key': `outcomes-keep-${suffix}-${Date.now()}` },
        body: { ...body, name: `Kept ${suffix} ${Date.now()}`, recipients: [{ phone: '+33612359991' }, { phone: '+33612359992' }] },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id as string;
    };
    const erased = await make('erased');
    const old = await make('old');
    const fresh = await make('fresh');

    // On request: admins only, and the page then says why there is none.
    expect((await operator.request('DELETE', `/bff/campaigns/${erased}/recipients`)).status).toBe(403);
    const del = await admin.request('DELETE', `/bff/campaigns/${erased}/recipients`);
    expect(del.status, del.text).toBe(200);
    expect(del.body).toEqual({ erased: 2 });
    expect((await operator.request('GET', `/bff/campaigns/${erased}/recipients`)).body).toEqual({ known: false, reason: NONE_KEPT });

    // After the retention period (counted from the campaign's creation).
    const db = stack.app.ctx.db;
    await db.query(`UPDATE campaigns SET created_at = now() - interval '31 days' WHERE id = $1`, [old]);
    const result = await prune(db, { auditDays: 365, sessionIdleMs: 3_600_000, sessionAbsoluteMs: 3_600_000, draftDays: 7, campaignRecipientDays: 30 });
    expect(result.campaignRecipients).toBe(2);
    expect((await operator.request('GET', `/bff/campaigns/${old}/recipients`)).body.known).toBe(false);
    const kept = (await operator.request('GET', `/bff/campaigns/${fresh}/recipients`)).body;
    expect(kept.known).toBe(true);
    expect(kept.recipients).toHaveLength(2);
    // The retention says when they go: a year after creation by default.
    expect(new Date(kept.keptUntil).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);
  });
});
