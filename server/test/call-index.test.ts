/**
 * The call index over real HTTP against the real simulator, on PGlite and on a real PostgreSQL
 * server: backfill, a live call that ends, search and Insights agreeing with the upstream, hostile
 * text, bad input, and upstream faults (429, 5xx, hang, malformed page) reported in the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { STATUS_GROUP_STATUSES, STATUS_GROUPS } from '../../contract/status-groups';
import { FAST_INDEX, indexIds, upstreamIds, utcDay, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

describe.each(['postgres'] as const)('call index on %s', (kind) => {
  let stack: TestStack;
  let viewer: Client;
  let store: TestStore | undefined;
  const since = utcDay(-29);
  const status = async () => (await viewer.request('GET', '/bff/index/status')).body;

  beforeAll(async () => {
    // A short upstream timeout, so the hang case needs seconds, not minutes.
    store = await testStore(kind, 'bffindex', { ...FAST_INDEX, UPSTREAM_TIMEOUT_MS: '1500' });
    const env = store.env;
    stack = await startTestStack({ seedCalls: 400, env });
    viewer = await stack.login('viewer');
    await waitFor('the backfill and every transcript', async () => {
      const s = await status();
      return s.backfill?.complete && s.indexedAt && s.transcriptsPending === 0 && s;
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  it('backfills exactly the upstream calls of the window, with their transcripts', async () => {
    expect(stack.app.ctx.db).toBeDefined();
    const upstream = await upstreamIds(stack, since, utcDay(1));
    expect(upstream.length).toBeGreaterThan(50);
    expect(await indexIds(stack.app.ctx.db)).toEqual(upstream);
    const s = await status();
    expect(s).toMatchObject({ state: 'live', calls: upstream.length, backfill: { windowDays: 30, since, complete: true }, lastError: null });
    expect(s.syncer).toEqual({ active: true, thisInstance: true });
    expect(s.transcripts).toBeGreaterThan(0);
    expect(s.lagSeconds).toBeLessThan(30);
  });

  it('answers Call-shaped rows filtered like the upstream, with indexedAt', async () => {
    const agentId = (await stack.upstream('GET', `/v1/calls?from=${since}&to=${utcDay(1)}&size=1`)).body.content[0].agentId;
    const up = (await stack.upstream('GET', `/v1/calls?from=${since}&to=${utcDay(1)}&agentId=${agentId}&size=100&sort=duration,DESC`)).body;
    const mine = await viewer.request('GET', `/bff/index/calls?from=${since}&to=${utcDay(1)}&agentId=${agentId}&size=100&sort=duration,DESC`);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.totalElements).toBe(up.totalElements);
    expect(mine.body.content.map((c: any) => c.id)).toEqual(up.content.map((c: any) => c.id));
    expect(mine.body.content[0]).toMatchObject({ ...up.content[0], campaignName: null });
    expect(Date.parse(mine.body.indexedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('filters by statuses, recording, duration, classifier, extracted value, tag and transcript events', async () => {
    const all = (await viewer.request('GET', '/bff/index/calls?size=100')).body;
    const sample = all.content.find((c: any) => c.status === 'COMPLETED' && Object.keys(c.classificationData).length && c.tags.length);
    expect(sample, 'a completed call with classifications and tags in the seed').toBeTruthy();
    const [cname, cvalue] = Object.entries(sample.classificationData)[0] as [string, string];
    const q = new URLSearchParams({ size: '100' });
    q.append('status', 'COMPLETED');
    q.append('status', 'TRANSFERRED');
    q.append('classifier', `${cname}=${cvalue}`);
    q.append('tag', sample.tags[0]);
    q.set('hasRecording', String(sample.recorded));
    q.set('minDuration', String(sample.duration));
    q.set('maxDuration', String(sample.duration));
    const res = await viewer.request('GET', `/bff/index/calls?${q}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.content.map((c: any) => c.id)).toContain(sample.id);
    for (const c of res.body.content) {
      expect(['COMPLETED', 'TRANSFERRED']).toContain(c.status);
      expect(c.classificationData[cname]).toBe(cvalue);
      expect(c.tags).toContain(sample.tags[0]);
      expect(c.duration).toBe(sample.duration);
    }
    // Against the whole index, counted by hand.
    const { rows } = await stack.app.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls WHERE status IN ('NO_ANSWER','VOICE_BOX')`);
    expect((await viewer.request('GET', '/bff/index/calls?status=NO_ANSWER,VOICE_BOX&size=1')).body.totalElements).toBe(rows[0]!.n);
    const machines = (await viewer.request('GET', '/bff/index/calls?answeringMachine=true&size=100')).body;
    expect(machines.totalElements).toBeGreaterThan(0);
    expect(machines.content.every((c: any) => c.status === 'VOICE_BOX' || c.status !== 'IN_PROGRESS')).toBe(true);
    // Extracted data: a leaf of the first call that has one.
    const withData = all.content.find((c: any) => Object.values(c.extractedData).some((v) => typeof v === 'string'));
    if (withData) {
      const [k, v] = Object.entries(withData.extractedData).find(([, v]) => typeof v === 'string') as [string, string];
      const hit = (await viewer.request('GET', `/bff/index/calls?extracted=${encodeURIComponent(`${k}=${v}`)}&size=100`)).body;
      expect(hit.content.map((c: any) => c.id)).toContain(withData.id);
      expect(hit.content.every((c: any) => c.extractedData[k] === v || (Array.isArray(c.extractedData[k]) && c.extractedData[k].includes(v)))).toBe(true);
    }
  });

  it('finds a phrase said in a transcript, with the line, its time and the words highlighted', async () => {
    const { rows } = await stack.app.ctx.db.query<{ call_id: string; entries: any[] }>(
      `SELECT call_id, entries FROM index_transcripts WHERE jsonb_array_length(entries) > 3 ORDER BY call_id LIMIT 1`,
    );
    const entries = rows[0]!.entries;
    const lineIndex = entries.findIndex((e: any) => e.actor === 'HUMAN' && e.message.split(' ').length >= 4);
    const words = entries[lineIndex].message
      .replace(/[^\p{L}\p{N}' ]/gu, '')
      .split(' ')
      .slice(0, 3)
      .join(' ');
    const res = await viewer.request('GET', `/bff/index/calls?q=${encodeURIComponent(`"${words}"`)}&size=100`);
    expect(res.status, res.text).toBe(200);
    const row = res.body.content.find((c: any) => c.id === rows[0]!.call_id);
    expect(row, `"${words}" finds its call`).toBeTruthy();
    expect(row.hit.snippet.some((p: any) => p.match)).toBe(true);
    const line = entries[row.hit.line].message.toLowerCase();
    for (const part of row.hit.snippet) expect(line).toContain(part.text.toLowerCase().trim());
    expect(line.replace(/[^\p{L}\p{N}' ]/gu, '')).toContain(words.toLowerCase());
    expect(row.hit.time).toBe(entries[row.hit.line].time);
    // Exclusion and OR parse as web search does.
    const longest = words.split(' ').sort((a: string, b: string) => b.length - a.length)[0];
    const without = (await viewer.request('GET', `/bff/index/calls?q=${encodeURIComponent(`"${words}" -${longest}`)}`)).body;
    expect(without.totalElements).toBe(0);
    const either = (await viewer.request('GET', `/bff/index/calls?q=${encodeURIComponent(`"${words}" OR zyzzyva`)}&size=100`)).body;
    expect(either.content.map((c: any) => c.id)).toContain(rows[0]!.call_id);
  });

  it('answers hostile search text with 200 or 400, never 5xx, and never runs it as SQL', async () => {
    const before = await indexIds(stack.app.ctx.db);
    const hostile = [
      `'`,
      `"`,
      `""`,
      `&|!:*()`,
      `cancel & | ! : * ( ) <-> `,
      `'; DROP TABLE index_calls; --`,
      `" OR 1=1 --`,
      `a:* & !b | (c <-> d)`,
      'x'.repeat(10_000),
      'cancel\u0000subscription',
      '-',
      'OR',
      `${'('.repeat(500)}`,
      '\\',
      '%00',
    ];
    // Raw bytes too: a lone surrogate's UTF-8 form, an overlong NUL, a bare percent.
    const raw = ['%ED%A0%80%20lone', '%C0%80', '%', '%%%'];
    for (const q of [...hostile.map(encodeURIComponent), ...raw]) {
      const res = await viewer.request('GET', `/bff/index/calls?q=${q}`);
      expect([200, 400], `${JSON.stringify(q.slice(0, 40))}: ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      if (res.status === 400) expect(res.body.errors.map((e: any) => e.field)).toEqual(['q']);
    }
    expect(await indexIds(stack.app.ctx.db)).toEqual(before);
    expectNoKey(stack.keys, stack.seen, 'a response');
  });

  it('refuses bad dates, unknown statuses and bad filters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-01', 'to'],
      ['from=2026-03-02&to=2026-03-01', 'from'],
      ['status=DONE', 'status[0]'],
      ['status=COMPLETED,nope', 'status[1]'],
      ['tz=Mars/Olympus', 'tz'],
      ['startedFrom=yesterday', 'startedFrom'],
      ['minDuration=-1', 'minDuration'],
      ['hasRecording=yes', 'hasRecording'],
      ['classifier=novalue', 'classifier[0]'],
      ['sort=secret,ASC', 'sort'],
      ['size=101', 'size'],
      ['agentId=1%27%20OR%201%3D1', 'agentId'],
    ];
    for (const [query, field] of cases) {
      const res = await viewer.request('GET', `/bff/index/calls?${query}`);
      expect(res.status, query).toBe(400);
      expect(
        res.body.errors.map((e: any) => e.field),
        query,
      ).toContain(field);
    }
    const insights = await viewer.request('GET', '/bff/index/insights?from=2026-13-01&to=2026-12-01');
    expect(insights.status).toBe(400);
    expect(insights.body.errors.map((e: any) => e.field)).toContain('from');
    expect((await viewer.request('GET', '/bff/index/insights')).body.errors.map((e: any) => e.field)).toContain('from');
  });

  it('needs a session', async () => {
    for (const path of ['/bff/index/calls', '/bff/index/insights?from=2026-01-01&to=2026-01-02', '/bff/index/status', '/bff/index/campaigns']) {
      expect((await stack.client().request('GET', path)).status, path).toBe(401);
    }
  });

  it('computes Insights whose every figure is the count of the calls list with the same filters', async () => {
    const tz = 'America/New_York';
    const from = utcDay(-20);
    const to = utcDay(0);
    const res = await viewer.request('GET', `/bff/index/insights?from=${from}&to=${to}&tz=${tz}`);
    expect(res.status, res.text).toBe(200);
    const ins = res.body;
    const count = async (extra: string) => (await viewer.request('GET', `/bff/index/calls?from=${from}&to=${to}&tz=${tz}&size=1${extra}`)).body.totalElements;
    expect(ins.totals.total).toBe(await count(''));
    expect(ins.totals.total).toBeGreaterThan(0);
    for (const g of STATUS_GROUPS) expect(ins.totals.groups[g], g).toBe(await count(`&status=${STATUS_GROUP_STATUSES[g].join(',')}`));
    expect(ins.range.bucket).toBe('day');
    expect(ins.series).toHaveLength(21);
    expect(ins.series.reduce((n: number, p: any) => n + STATUS_GROUPS.reduce((m, g) => m + p.groups[g], 0), 0)).toBe(ins.totals.total);
    const day = ins.series.find((p: any) => p.groups.reached > 0);
    expect(day.groups.reached).toBe(
      (await viewer.request('GET', `/bff/index/calls?from=${day.label}&to=${day.label}&tz=${tz}&status=COMPLETED,TRANSFERRED&size=1`)).body.totalElements,
    );
    const bar = ins.durations.find((d: any) => d.count > 0);
    expect(bar.count).toBe(
      await count(`&status=COMPLETED,TRANSFERRED&minDuration=${bar.minSeconds}${bar.maxSeconds === null ? '' : `&maxDuration=${bar.maxSeconds}`}`),
    );
    expect(ins.durations.reduce((n: number, d: any) => n + d.count, 0)).toBe(ins.totals.groups.reached);
    const agent = ins.agents[0];
    expect(agent.total).toBe(await count(`&agentId=${agent.agentId}`));
    const classifier = ins.classifiers[0];
    expect(classifier.values[0].count).toBe(await count(`&classifier=${encodeURIComponent(`${classifier.name}=${classifier.values[0].value}`)}`));
    const ended = ins.totals.total - ins.totals.groups.inProgress;
    expect(ins.totals.reachedShare).toBeCloseTo(ins.totals.groups.reached / ended, 6);
    expect(ins.totals.p90ReachedSeconds).toBeGreaterThanOrEqual(ins.totals.avgReachedSeconds * 0.5);
    expect(ins.indexedAt).toBeTruthy();
    // A short range is hourly, in the zone's hours.
    const hourly = (await viewer.request('GET', `/bff/index/insights?from=${to}&to=${to}&tz=Asia/Kolkata`)).body;
    expect(hourly.range.bucket).toBe('hour');
    expect(hourly.series).toHaveLength(24);
    expect(hourly.series[0].start).toMatch(/T18:30:00Z$/);
  });

  it('follows a live call until it ends, then indexes its transcript', async () => {
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    const agent = agents.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived);
    const created = await stack.upstream('POST', '/v1/calls', { agentId: agent.id, recipient: { phone: '+14155550123' } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const row = async () => (await viewer.request('GET', `/bff/index/calls?phone=%2B14155550123&size=100`)).body.content.find((c: any) => c.id === id);
    await waitFor('the live call in the index', async () => (await row())?.status === 'IN_PROGRESS');
    expect((await viewer.request('GET', `/bff/index/insights?from=${utcDay(0)}&to=${utcDay(0)}`)).body.inProgressNow).toBeGreaterThan(0);
    await stack.control('POST', '/_sim/clock', { advanceMinutes: 30 });
    const ended = await waitFor('the call to end in the index', async () => {
      const r = await row();
      return r && r.status !== 'IN_PROGRESS' && r;
    });
    const upstream = (await stack.upstream('GET', `/v1/calls/${id}`)).body;
    expect(ended).toMatchObject({ status: upstream.status, endTime: upstream.endTime, duration: upstream.duration });
    await waitFor('its transcript', async () => {
      const { rows } = await stack.app.ctx.db.query<{ transcript_state: string }>(`SELECT transcript_state FROM index_calls WHERE id = $1`, [id]);
      return rows[0]?.transcript_state === 'done';
    });
  });

  it.each([
    ['429 with Retry-After', { status429Ratio: 1, retryAfterSeconds: 1, count: 6 }, 'rate-limited'],
    ['5xx', { status5xxRatio: 1, count: 12 }, 'upstream-error'],
    ['a malformed page', { malformedRatio: 1, count: 4 }, 'malformed'],
  ] as const)('keeps the index consistent through %s and says so in the status', async (_name, fault, errorKind) => {
    const before = await indexIds(stack.app.ctx.db);
    await stack.control('POST', '/_sim/faults', { method: 'GET', path: '/v1/calls', ...fault });
    const degraded = await waitFor(`the status to report ${errorKind}`, async () => {
      const s = await status();
      return s.lastError?.kind === errorKind && s;
    });
    expect(degraded.lastError.message).not.toMatch(/\+\d{6,}|[0-9a-f]{8}-[0-9a-f]{4}/);
    await stack.control('DELETE', '/_sim/faults');
    const healed = await waitFor('a clean pass', async () => {
      const s = await status();
      return s.lastError === null && s.state === 'live' && s;
    });
    expect(healed.calls).toBe(before.length);
    expect(await indexIds(stack.app.ctx.db)).toEqual(await upstreamIds(stack, since, utcDay(1)));
    expect(stack.logs.join('').includes('+1415555')).toBe(false);
  });

  it('says when the upstream hangs, and carries on once it answers', async () => {
    // Every list read hangs until the fault is cleared: with a count, concurrent reads could share the
    // hangs, each retry succeed, and no timeout ever reach the status (a race, seen under load).
    await stack.control('POST', '/_sim/faults', { method: 'GET', path: '/v1/calls', hang: true });
    await waitFor('a timeout in the status', async () => (await status()).lastError?.kind === 'timeout', 45_000);
    await stack.control('DELETE', '/_sim/faults');
    await waitFor('a clean pass', async () => (await status()).lastError === null);
  }, 90_000);
});
