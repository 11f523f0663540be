/**
 * QA review over real HTTP against the real simulator and the call index, on PGlite and on a real
 * PostgreSQL server: sampling rules fill the queue ("N per day", "x % at random") exactly as the
 * index says they should, automatic checks flag exactly the calls that break them, two reviewers'
 * agreement, the queue's order and "next", CSV export with the formula guard, the audit log, roles
 * and bad input. Expected sets are computed from the index's own calls list, independently of the
 * review code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { FAST_INDEX, utcDay, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

describe.each(['postgres'] as const)('QA review on %s', { timeout: 120_000 }, (kind) => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let admin: Client;
  let operator: Client;
  let viewer: Client;
  const since = utcDay(-29);
  const until = utcDay(1);

  /** Every call of the index for a query (all pages). */
  async function indexCalls(query: string): Promise<any[]> {
    const out: any[] = [];
    for (let page = 1; ; page += 1) {
      const res = await admin.request('GET', `/bff/index/calls?size=100&page=${page}&${query}`);
      expect(res.status, res.text).toBe(200);
      out.push(...res.body.content);
      if (page >= res.body.totalPages) return out;
    }
  }
  const firstCall = async () => (await admin.request('GET', `/bff/index/calls?from=${since}&to=${until}&size=1`)).body.content[0];
  /** The whole queue (every state), as the admin sees it. */
  async function queue(): Promise<any[]> {
    const out: any[] = [];
    for (let page = 1; ; page += 1) {
      const res = await admin.request('GET', `/bff/review/queue?state=all&size=100&page=${page}`);
      expect(res.status, res.text).toBe(200);
      out.push(...res.body.content);
      if (page >= res.body.totalPages) return out;
    }
  }
  const queuedBy = async (ruleId: number) => (await queue()).filter((q) => q.sources.some((s: any) => s.ruleId === ruleId));
  const ids = (rows: any[], key = 'id') => rows.map((r) => r[key] as string).sort();

  /** A finished call made to measure in the simulator, waited for until the index has it and its transcript. */
  async function madeCall(body: Record<string, unknown>): Promise<any> {
    const made = await stack.control('POST', '/_sim/calls', { durationSeconds: 40, transcriptEntries: 6, ...body });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    await waitFor(`call ${id} and its transcript in the index`, async () => {
      const { rows } = await stack.app.ctx.db.query<{ transcript_state: string }>('SELECT transcript_state FROM index_calls WHERE id = $1', [id]);
      return rows[0] && rows[0].transcript_state !== 'pending';
    });
    return (await stack.upstream('GET', `/v1/calls/${id}`)).body;
  }

  beforeAll(async () => {
    store = await testStore(kind, 'bff_review', { ...FAST_INDEX });
    const env = store.env;
    stack = await startTestStack({ seedCalls: 160, env });
    admin = await stack.login('admin');
    operator = await stack.login('operator');
    viewer = await stack.login('viewer');
    await waitFor(
      'the backfill and every transcript',
      async () => {
        const s = (await admin.request('GET', '/bff/index/status')).body;
        return s.backfill?.complete && s.indexedAt && s.transcriptsPending === 0 && s;
      },
      120_000,
    );
  }, 240_000);
  afterAll(async () => {
    expectNoKey(stack?.keys ?? [], [...(stack?.seen ?? []), ...(stack?.logs ?? [])], 'responses and logs');
    await stack?.close();
    await store?.drop();
  });

  it(`runs on ${kind}`, () => {
    expect(stack.app.ctx.db).toBeDefined();
  });

  it('needs a session, and only admins define rubrics, sampling rules and checks', async () => {
    expect((await stack.client().request('GET', '/bff/review/queue')).status).toBe(401);
    const agentId = (await firstCall()).agentId;
    for (const who of [viewer, operator]) {
      const rubric = await who.request('PUT', `/bff/review/rubrics/${agentId}`, { body: { items: [{ label: 'Greets', weight: 1 }] } });
      expect(rubric.status).toBe(403);
      expect(rubric.body.message).toMatch(/Only admins/);
      const rule = await who.request('POST', '/bff/review/sampling-rules', { body: { name: 'x', mode: 'percent', amount: 10 } });
      expect(rule.status).toBe(403);
      expect((await who.request('POST', '/bff/review/checks', { body: { name: 'x', condition: { kind: 'transferredWithoutSummary' } } })).status).toBe(403);
    }
    // Every role reads the queue.
    expect((await viewer.request('GET', '/bff/review/queue')).status).toBe(200);
  });

  it('refuses bad input with messages a person can act on', async () => {
    const agentId = (await firstCall()).agentId;
    const empty = await admin.request('PUT', `/bff/review/rubrics/${agentId}`, { body: { items: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The rubric is not valid.');
    expect(empty.body.errors).toEqual([expect.objectContaining({ field: 'items', message: 'Add at least one item to score.' })]);
    const bad = await admin.request('PUT', `/bff/review/rubrics/${agentId}`, {
      body: {
        items: [
          { label: 'Greets', weight: 0 },
          { label: ' greets ', weight: 2 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'items[0].weight', message: 'The weight must be at least 1.' }),
        expect.objectContaining({ field: 'items[1].label', message: '"greets" is already item 1.' }),
      ]),
    );
    expect((await admin.request('PUT', '/bff/review/rubrics/not-a-uuid', { body: { items: [{ label: 'A', weight: 1 }] } })).body.errors[0]).toMatchObject({
      field: 'agentId',
      message: 'Must be a UUID.',
    });
    const perDay = await admin.request('POST', '/bff/review/sampling-rules', {
      body: { name: 'Bad', mode: 'perDay', amount: 1.5, from: '2026-02-10', to: '2026-02-01' },
    });
    expect(perDay.status).toBe(400);
    expect(perDay.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'amount', message: 'Calls per day must be a whole number from 1 to 500.' }),
        expect.objectContaining({ field: 'from', message: 'The first day must not be after the last.' }),
      ]),
    );
    const percent = await admin.request('POST', '/bff/review/sampling-rules', { body: { name: 'Bad', mode: 'percent', amount: 120 } });
    expect(percent.body.errors).toEqual([
      expect.objectContaining({ field: 'amount', message: 'The share must be from 0.01 to 100 %, with at most two decimals.' }),
    ]);
    const check = await admin.request('POST', '/bff/review/checks', { body: { name: 'Bad', condition: { kind: 'sentiment' } } });
    expect(check.status).toBe(400);
    expect(check.body.errors[0]).toMatchObject({ field: 'condition.kind', message: expect.stringContaining('Choose what the check looks for') });
    const seconds = await admin.request('POST', '/bff/review/checks', { body: { name: 'Bad', condition: { kind: 'shortDuration', seconds: 0 } } });
    expect(seconds.body.errors).toEqual([expect.objectContaining({ field: 'condition.seconds', message: 'Enter at least 1 second.' })]);
    const callId = (await firstCall()).id;
    const comment = await viewer.request('POST', `/bff/review/calls/${callId}/comments`, { body: { text: 'Both', line: 2, atSeconds: 3 } });
    expect(comment.status).toBe(400);
    expect(comment.body.errors[0].message).toBe('Pin the comment to a transcript line or to a moment of the recording (one of the two).');
    const notIndexed = await viewer.request('PUT', '/bff/review/calls/00000000-0000-4000-8000-000000000000', { body: { rubricVersion: 1, scores: {} } });
    expect(notIndexed.status).toBe(404);
    expect(notIndexed.body.message).toMatch(/not in the index yet/);
  });

  it('"N per day" queues exactly N calls of each day (all of a day with fewer), and a rerun adds none', async () => {
    const res = await admin.request('POST', '/bff/review/sampling-rules', {
      body: { name: `Two a day ${kind}`, from: since, to: until, mode: 'perDay', amount: 2 },
    });
    expect(res.status, res.text).toBe(201);
    const calls = (await indexCalls(`from=${since}&to=${until}`)).filter((c) => c.status !== 'IN_PROGRESS');
    const perDay = new Map<string, string[]>();
    for (const c of calls) perDay.set(c.startTime.slice(0, 10), [...(perDay.get(c.startTime.slice(0, 10)) ?? []), c.id]);
    const expected = [...perDay.values()].reduce((n, day) => n + Math.min(2, day.length), 0);
    expect(expected).toBeGreaterThan(4);
    expect(
      [...perDay.values()].some((day) => day.length > 2),
      'a day with more calls than the rule takes',
    ).toBe(true);
    expect(res.body.queued).toBe(expected);
    const queued = await queuedBy(res.body.id);
    expect(queued).toHaveLength(expected);
    const got = new Map<string, number>();
    for (const q of queued) {
      const day = q.startTime.slice(0, 10);
      expect(perDay.get(day)).toContain(q.callId);
      got.set(day, (got.get(day) ?? 0) + 1);
    }
    for (const [day, list] of perDay) expect(got.get(day) ?? 0, day).toBe(Math.min(2, list.length));
    const again = await admin.request('POST', '/bff/review/queue/fill');
    expect(again.status).toBe(200);
    expect(await queuedBy(res.body.id)).toHaveLength(expected);
  });

  it('"x % at random" takes every matching call at 100 %, a stable share below, and only matching calls', async () => {
    const all = await admin.request('POST', '/bff/review/sampling-rules', {
      body: { name: `All no-answers ${kind}`, status: ['NO_ANSWER', 'VOICE_BOX'], mode: 'percent', amount: 100 },
    });
    expect(all.status, all.text).toBe(201);
    const matching = await indexCalls('status=NO_ANSWER,VOICE_BOX');
    expect(matching.length).toBeGreaterThan(10);
    expect(ids(await queuedBy(all.body.id), 'callId')).toEqual(ids(matching));

    const some = await admin.request('POST', '/bff/review/sampling-rules', { body: { name: `A third ${kind}`, mode: 'percent', amount: 33.33 } });
    expect(some.status, some.text).toBe(201);
    const ended = (await indexCalls('')).filter((c) => c.status !== 'IN_PROGRESS');
    const sampled = await queuedBy(some.body.id);
    expect(sampled.length).toBeGreaterThan(ended.length * 0.15);
    expect(sampled.length).toBeLessThan(ended.length * 0.5);
    const endedIds = new Set(ids(ended));
    for (const q of sampled) expect(endedIds.has(q.callId)).toBe(true);
    await admin.request('POST', '/bff/review/queue/fill');
    expect(ids(await queuedBy(some.body.id), 'callId')).toEqual(ids(sampled, 'callId'));
    const rules = await viewer.request('GET', '/bff/review/rules');
    expect(rules.body.sampling.find((r: any) => r.id === some.body.id)).toMatchObject({ mode: 'percent', amount: 33.33, queued: sampled.length });
    const dup = await admin.request('POST', '/bff/review/sampling-rules', { body: { name: `a THIRD ${kind}`, mode: 'percent', amount: 1 } });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0]).toMatchObject({ field: 'name', message: 'Choose another name: this one is taken.' });
  });

  it('checks flag exactly the calls that break them, with the rule name, and queue them', async () => {
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    const recordable = agents.find((a) => a.recordable !== false && a.configuration?.extractors?.length && a.configuration?.classifiers?.length);
    expect(recordable, 'a recordable agent with extractors and classifiers').toBeTruthy();
    const field = recordable.configuration.extractors[0].name as string;
    const transferred = await madeCall({ agentId: recordable.id, status: 'TRANSFERRED', summary: null });
    const blank = await madeCall({ agentId: recordable.id, emptyExtracted: [field] });
    const [classifier, value] = Object.entries(blank.classificationData)[0] as [string, string];

    const cases: [Record<string, unknown>, () => Promise<string[]>][] = [
      [{ kind: 'transferredWithoutSummary' }, async () => ids((await indexCalls('status=TRANSFERRED')).filter((c) => !c.summary || c.summary.trim() === ''))],
      [
        { kind: 'classifierWithoutExtracted', classifier, value, field },
        async () =>
          ids(
            (await indexCalls(`classifier=${encodeURIComponent(`${classifier}=${value}`)}`)).filter((c) =>
              [undefined, null, '', '[]'].includes(
                typeof c.extractedData[field] === 'object' ? JSON.stringify(c.extractedData[field]) : c.extractedData[field],
              ),
            ),
          ),
      ],
      [{ kind: 'hangUpAfterAnswer', seconds: 40 }, async () => ids((await indexCalls('hangUpWithin=40')).filter((c) => c.status !== 'IN_PROGRESS'))],
      [{ kind: 'shortDuration', seconds: 45 }, async () => ids(await indexCalls('status=COMPLETED,TRANSFERRED&maxDuration=44'))],
    ];
    for (const [condition, expected] of cases) {
      const name = `Check ${condition.kind} ${kind}`;
      const res = await admin.request('POST', '/bff/review/checks', { body: { name, condition } });
      expect(res.status, res.text).toBe(201);
      const want = await expected();
      expect(want.length, `${condition.kind} matches something`).toBeGreaterThan(0);
      const flagged = await queuedBy(res.body.id);
      expect(ids(flagged, 'callId'), String(condition.kind)).toEqual(want);
      expect(res.body.flagged).toBe(want.length);
      for (const q of flagged) expect(q.sources).toContainEqual({ kind: 'check', ruleId: res.body.id, rule: name });
    }
    expect(ids((await queuedBy((await viewer.request('GET', '/bff/review/rules')).body.checks[0].id)) as any[], 'callId').length).toBeGreaterThan(0);
    const review = await viewer.request('GET', `/bff/review/calls/${transferred.id}`);
    expect(review.body.sources).toContainEqual(expect.objectContaining({ kind: 'check', rule: `Check transferredWithoutSummary ${kind}` }));
    expect(review.body.inQueue).toBe(true);
  });

  it('two reviewers score a call: agreement, average score per agent, next in queue, CSV with the formula guard, audit', async () => {
    const item = (await queue())[0];
    const { callId, agentId } = item;
    const rubric = await admin.request('PUT', `/bff/review/rubrics/${agentId}`, {
      body: {
        items: [
          { label: 'Greets by name', weight: 1 },
          { label: 'Confirms the slot', weight: 2 },
          { label: 'Offers a follow-up', weight: 3 },
        ],
        note: 'Score what was said, not how.',
      },
    });
    expect(rubric.status, rubric.text).toBe(200);
    expect(rubric.body).toMatchObject({ version: 1, items: [{ id: 1 }, { id: 2 }, { id: 3 }], updatedBy: 'admin' });
    const same = await admin.request('PUT', `/bff/review/rubrics/${agentId}`, {
      body: { items: rubric.body.items.map((i: any) => ({ label: i.label, weight: i.weight })), note: 'Score what was said, not how.' },
    });
    expect(same.body.version).toBe(1);

    const incomplete = await viewer.request('PUT', `/bff/review/calls/${callId}`, { body: { rubricVersion: 1, scores: { 1: true }, reviewed: true } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.errors.map((e: any) => e.message)).toEqual([
      'Score "Confirms the slot" (pass or fail) before marking the call reviewed.',
      'Score "Offers a follow-up" (pass or fail) before marking the call reviewed.',
    ]);
    const stale = await viewer.request('PUT', `/bff/review/calls/${callId}`, { body: { rubricVersion: 7, scores: {} } });
    expect(stale.status).toBe(409);

    const mine = await viewer.request('PUT', `/bff/review/calls/${callId}`, {
      body: { rubricVersion: 1, scores: { 1: true, 2: true, 3: false }, note: '=HYPERLINK("http://evil.example","x")', reviewed: true },
    });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toMatchObject({ reviewer: 'viewer', score: 50, reviewed: true });
    const pin = await viewer.request('POST', `/bff/review/calls/${callId}/comments`, { body: { text: 'Says the price twice', line: 2 } });
    expect(pin.status, pin.text).toBe(201);
    const moment = await operator.request('POST', `/bff/review/calls/${callId}/comments`, { body: { text: 'Long silence', atSeconds: 12.5 } });
    expect(moment.status).toBe(201);
    expect((await operator.request('DELETE', `/bff/review/comments/${pin.body.id}`)).status).toBe(403);

    const one = await admin.request('GET', `/bff/review/calls/${callId}`);
    expect(one.body.agreement).toBeNull();
    const theirs = await operator.request('PUT', `/bff/review/calls/${callId}`, {
      body: { rubricVersion: 1, scores: { 1: true, 2: false, 3: false }, reviewed: true },
    });
    expect(theirs.body.score).toBe(16.67);

    const both = await admin.request('GET', `/bff/review/calls/${callId}`);
    expect(both.status, both.text).toBe(200);
    expect(both.body.agreement).toEqual({ reviewers: ['viewer', 'operator'], itemsAgreed: 2, items: 3, share: 2 / 3, scoreSpread: 33.33 });
    expect(both.body.comments).toEqual([
      expect.objectContaining({ author: 'operator', atSeconds: 12.5, line: null }),
      expect.objectContaining({ author: 'viewer', line: 2, atSeconds: null, text: 'Says the price twice' }),
    ]);
    expect(both.body.mine).toBeNull();
    expect(both.body.others).toHaveLength(2);

    const scores = await viewer.request('GET', `/bff/review/scores?agentId=${agentId}`);
    expect(scores.body.content).toEqual([{ agentId, reviews: 2, calls: 1, averageScore: 33.34, agreement: 0.667 }]);
    const ranged = await viewer.request('GET', `/bff/review/scores?agentId=${agentId}&from=${since}&to=${until}&tz=Europe/Paris`);
    expect(ranged.body.content).toEqual(scores.body.content);
    const before = await viewer.request('GET', `/bff/review/scores?agentId=${agentId}&from=2020-01-01&to=2020-01-31&tz=Europe/Paris`);
    expect(before.body.content).toEqual([]);
    expect((await viewer.request('GET', '/bff/review/scores?tz=Mars/Olympus')).body.errors[0]).toMatchObject({ field: 'tz' });

    // The viewer's queue no longer holds the call; "next" skips it.
    const todo = await viewer.request('GET', '/bff/review/queue?state=todo&size=100');
    expect(todo.body.content.map((q: any) => q.callId)).not.toContain(callId);
    const next = await viewer.request('GET', `/bff/review/queue/next?after=${callId}`);
    expect(next.body.callId).toBe(todo.body.content[0].callId);
    expect(next.body.remaining).toBe(todo.body.totalElements);
    const after = await viewer.request('GET', `/bff/review/queue/next?after=${next.body.callId}`);
    expect(after.body.callId).toBe(todo.body.content[1].callId);
    expect((await viewer.request('GET', '/bff/review/queue?state=reviewed')).body.content.map((q: any) => q.callId)).toEqual([callId]);

    const csv = await viewer.request('GET', `/bff/review/export.csv?agentId=${agentId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('callId,agentId,callStart,reviewer,reviewed,reviewedAt,score,passed,failed,note,commentCount,comments,rubricVersion');
    const viewerLine = lines.find((l) => l.includes(',viewer,'))!;
    expect(viewerLine).toContain(`${callId},${agentId},`);
    expect(viewerLine).toContain(
      ',50.00,Greets by name; Confirms the slot,Offers a follow-up,"\'=HYPERLINK(""http://evil.example"",""x"")",1,Line 3: Says the price twice,1',
    );
    expect(lines.find((l) => l.includes(',operator,'))).toContain(',16.67,Greets by name,Confirms the slot; Offers a follow-up,,1,At 12.5 s: Long silence,1');

    const auditLog = await admin.request('GET', '/bff/audit?size=100');
    const actions = auditLog.body.content.map((a: any) => `${a.user} ${a.action}`);
    for (const a of [
      'admin review.rubric.save',
      'admin review.sampling.add',
      'admin review.check.add',
      'viewer review.save',
      'operator review.save',
      'viewer review.comment.add',
      'operator review.comment.add',
      'viewer review.export',
    ])
      expect(actions).toContain(a);
    expect(actions.filter((a: string) => a === 'admin review.rubric.save')).toHaveLength(1);
  });
});
