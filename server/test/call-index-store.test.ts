/**
 * The index's storage for Insights (ADR 0022), on PGlite and on a real PostgreSQL server:
 * index_call_facts stays the exact copy of index_calls' grouped columns through every kind of
 * upsert (and is filled by its migration for calls indexed before it), the histogram's average and
 * p90 are PostgreSQL's avg() and percentile_cont(0.9) to the last digit, and Insights computed from
 * the facts equals the same figures computed over index_calls directly.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../common/db';
import { openTestDb } from '../../common/test-db';
import { testStore, type TestStore } from '../../common/test-db';
import { IndexSearchQuery, InsightsQuery } from '../../contract/bff/index';
import { STATUS_GROUP_STATUSES } from '../../contract/status-groups';
import { MIGRATIONS } from '../db/migrations';
import { CALL_STATUS_ORDER, DURATION_BLOCK } from '../db/rollup-sql';
import { durationStats, insights } from '../services/call-index/insights';
import type { IndexableCall } from '../services/call-index/parse';
import { countCalls, countTranscriptsPending, searchCalls, TEXT_CANDIDATES_MAX, TS_CONFIG } from '../services/call-index/query';
import { analyzeIndex, pruneIndex, saveTranscripts, upsertCalls } from '../services/call-index/store';
import { CallIndexService } from '../services/call-index/service';
import { dueForAnalyze } from '../services/call-index/syncer';
import { indexStatus } from '../services/call-index/status';
import { Upstream } from '../services/upstream/upstream';
import { startTestStack } from '../testing/harness';

const AGENTS = [randomUUID(), randomUUID(), randomUUID()];
const STATUSES = ['COMPLETED', 'TRANSFERRED', 'NO_ANSWER', 'VOICE_BOX', 'FAILED', 'REJECTED_LIMIT_REACHED', 'CANCELED', 'IN_PROGRESS'] as const;
const CLASSES = [{}, { interest: 'yes' }, { interest: 'no' }, { interest: 'yes', mood: 'calm' }];

/** A deterministic spread of calls over the last `days` days. */
function calls(n: number, days: number, seed = 1): IndexableCall[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => {
    const status = STATUSES[Math.floor(next() * STATUSES.length)]!;
    const start = new Date(Date.now() - next() * days * 86_400_000);
    const reached = status === 'COMPLETED' || status === 'TRANSFERRED';
    const duration = status === 'IN_PROGRESS' ? null : reached && next() < 0.05 ? null : Math.floor(next() * (reached ? 2400 : 60));
    return {
      id: randomUUID(),
      agentId: AGENTS[Math.floor(next() * AGENTS.length)]!,
      phone: '+14155550100',
      type: 'OUTBOUND',
      status,
      startTime: start.toISOString(),
      endTime: duration === null ? null : new Date(start.getTime() + duration * 1000).toISOString(),
      duration,
      recorded: false,
      tags: [],
      classificationData: reached ? CLASSES[Math.floor(next() * CLASSES.length)]! : {},
      extractedData: {},
    };
  });
}

const FACT_COLUMNS = 'id::text, start_time, agent_id::text, campaign_name, status, duration, classification';
const copyOf = async (db: Db) => (await db.query(`SELECT ${FACT_COLUMNS} FROM index_calls ORDER BY id`)).rows;
/** The rollups (their non-zero rows) equal the same aggregates computed afresh over index_call_facts. */
async function expectRollupsMatchFacts(db: Db): Promise<void> {
  const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;
  const reached = STATUS_GROUP_STATUSES.reached;
  const levels = `CROSS JOIN LATERAL (VALUES (0, date_trunc('hour', f.start_time, 'UTC')), (1, date_trunc('day', f.start_time, 'UTC'))) AS l(level, t)`;
  expect(
    await rows(
      `SELECT r.t, r.agent_id::text, r.campaign_name, s.status, s.n FROM index_rollup_status r CROSS JOIN LATERAL unnest($1::text[], r.counts) AS s(status, n)
        WHERE s.n <> 0 ORDER BY 1, 2, 3, 4`,
      [CALL_STATUS_ORDER],
    ),
  ).toEqual(
    await rows(
      `SELECT date_trunc('hour', start_time, 'UTC') AS t, agent_id::text, campaign_name, status, count(*)::int AS n FROM index_call_facts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    ),
  );
  expect(
    await rows(
      `SELECT r.level, r.t, r.agent_id::text, r.campaign_name, r.block * ${DURATION_BLOCK} + s.i::int - 1 AS duration, s.n
         FROM index_rollup_duration r CROSS JOIN LATERAL unnest(r.counts) WITH ORDINALITY AS s(n, i) WHERE s.n <> 0 ORDER BY 1, 2, 3, 4, 5`,
    ),
  ).toEqual(
    await rows(
      `SELECT l.level, l.t, f.agent_id::text, f.campaign_name, f.duration, count(*)::int AS n FROM index_call_facts f ${levels}
        WHERE f.status = ANY($1::text[]) AND f.duration IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      [reached],
    ),
  );
  expect(await rows(`SELECT level, t, agent_id::text, campaign_name, name, value, n FROM index_rollup_class WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6`)).toEqual(
    await rows(
      `SELECT l.level, l.t, f.agent_id::text, f.campaign_name, kv.key AS name, kv.value, count(*)::int AS n FROM index_call_facts f ${levels}
        CROSS JOIN LATERAL jsonb_each_text(f.classification) AS kv GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6`,
    ),
  );
}

const facts = async (db: Db) => (await db.query(`SELECT ${FACT_COLUMNS} FROM index_call_facts ORDER BY id`)).rows;

describe.each(['postgres'] as const)('index storage for Insights on %s', (kind) => {
  let db: Db;
  let store: TestStore | undefined;

  beforeAll(async () => {
    store = await testStore(kind, 'bff_index_store');
    db = await openDb({ url: store.url });
    // Calls indexed before migration 016: the migration copies them.
    const before = MIGRATIONS.findIndex((m) => m.id === '016_index_call_facts');
    await migrate(db, MIGRATIONS.slice(0, before), 'bff_migrations');
    await db.query(
      `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
       VALUES ($1, $2, '+1', 'OUTBOUND', 'COMPLETED', now(), 42, false, now(), 'Old campaign', '{}', '{"interest":"no"}', '{}', '{}')`,
      [randomUUID(), AGENTS[0]],
    );
    await migrate(db, MIGRATIONS, 'bff_migrations');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await store?.drop();
  });

  it('keeps index_call_facts the copy of index_calls through inserts, changes and campaign attribution', async () => {
    expect(await facts(db)).toEqual(await copyOf(db));
    const page = calls(300, 28);
    expect(await upsertCalls(db, page)).toBe(300);
    expect(await facts(db)).toEqual(await copyOf(db));
    // A call ends: status, duration and classes change; an unchanged page writes nothing.
    const live = page.slice(50).find((c) => c.status === 'IN_PROGRESS')!;
    const ended = { ...live, status: 'COMPLETED' as const, duration: 95, endTime: new Date().toISOString(), classificationData: { interest: 'yes' } };
    expect(await upsertCalls(db, [ended])).toBe(1);
    expect(
      await upsertCalls(
        db,
        page.slice(0, 50).filter((c) => c.id !== live.id),
      ),
    ).toBe(0);
    // Attributed to a campaign, then read again without one: the campaign stays.
    expect(await upsertCalls(db, page.slice(0, 10), 'Spring survey')).toBe(10);
    expect(
      await upsertCalls(
        db,
        page.slice(0, 10).map((c) => ({ ...c, phone: '+14155550199' })),
      ),
    ).toBe(10);
    const rows = await facts(db);
    expect(rows).toEqual(await copyOf(db));
    expect(rows.filter((r: any) => r.campaign_name === 'Spring survey')).toHaveLength(10);
    expect(rows.find((r: any) => r.id === ended.id)).toMatchObject({ status: 'COMPLETED', duration: 95, classification: { interest: 'yes' } });
  });

  it('keeps the hourly rollups equal to a direct aggregate of the facts through inserts, changes and campaign attribution', async () => {
    const page = calls(400, 40, 21);
    await upsertCalls(db, page);
    const live = page.filter((c) => c.status === 'IN_PROGRESS').slice(0, 5);
    await upsertCalls(
      db,
      live.map((c, i) => ({ ...c, status: i % 2 ? ('NO_ANSWER' as const) : ('COMPLETED' as const), duration: 30 + i, classificationData: { interest: 'no' } })),
    );
    await upsertCalls(db, page.slice(0, 40), 'Rollup campaign');
    await upsertCalls(db, page.slice(20, 30), 'Other campaign');
    // The same page again writes nothing, and takes nothing away.
    await upsertCalls(db, page.slice(100, 150));
    await expectRollupsMatchFacts(db);
  });

  it('answers Insights from the rollups with the figures the facts give, in zones of every kind of offset', async () => {
    await upsertCalls(db, calls(600, 35, 77), 'Zone campaign');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
    const agentId = (await db.query<{ id: string }>(`SELECT agent_id::text AS id FROM index_call_facts LIMIT 1`)).rows[0]!.id;
    for (const tz of zones) {
      const queries = [
        { from: day(-29), to: day(0), tz },
        { from: day(-1), to: day(0), tz, bucket: 'hour' },
        { from: day(-29), to: day(0), tz, agentId },
        { from: day(-29), to: day(0), tz, campaignName: 'Zone campaign' },
        { from: day(-10), to: day(0), tz, startedFrom: new Date(Date.now() - 5.3 * 86_400_000).toISOString().slice(0, 19) + 'Z' },
      ];
      for (const raw of queries) {
        const q = InsightsQuery.parse(raw);
        const rolled = await insights(db, q, null);
        const direct = await insights(db, q, null, { source: 'facts' });
        expect(rolled, JSON.stringify(raw)).toEqual(direct);
      }
    }
  });

  it('computes the average and p90 of a histogram exactly as avg() and percentile_cont(0.9)', async () => {
    let x = 7;
    const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const size of [1, 2, 3, 9, 10, 11, 57, 400]) {
      const values = Array.from({ length: size }, () => Math.floor(next() * (next() < 0.5 ? 40 : 3000)));
      const histogram = new Map<number, number>();
      for (const v of values) histogram.set(v, (histogram.get(v) ?? 0) + 1);
      const { rows } = await db.query<{ avg: string; p90: number }>(
        `SELECT avg(v) AS avg, percentile_cont(0.9) WITHIN GROUP (ORDER BY v) AS p90 FROM unnest($1::int[]) AS v`,
        [values],
      );
      const mine = durationStats(histogram);
      expect(Math.round(mine.avg! * 10) / 10, `avg of ${size}`).toBe(Math.round(Number(rows[0]!.avg) * 10) / 10);
      expect(mine.p90, `p90 of ${size}`).toBe(Number(rows[0]!.p90));
    }
    expect(durationStats(new Map())).toEqual({ avg: null, p90: null });
  });

  it('answers Insights from the facts with the figures a direct aggregate over index_calls gives', async () => {
    await upsertCalls(db, calls(500, 20, 99), 'Winter renewals');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const q = InsightsQuery.parse({ from: day(-29), to: day(0), tz: 'America/New_York' });
    const ins = await insights(db, q, null);
    const { rows } = await db.query<{ agent_id: string | null; total: number; reached: number; avg: string | null; p90: number | null }>(
      `SELECT agent_id::text, count(*)::int AS total, count(*) FILTER (WHERE status = ANY($3::text[]))::int AS reached,
              avg(duration) FILTER (WHERE status = ANY($3::text[])) AS avg,
              percentile_cont(0.9) WITHIN GROUP (ORDER BY duration) FILTER (WHERE status = ANY($3::text[])) AS p90
         FROM index_calls WHERE start_time >= $1 AND start_time < $2 GROUP BY GROUPING SETS ((), (agent_id))`,
      [new Date(ins.range.start), new Date(ins.range.end), STATUS_GROUP_STATUSES.reached],
    );
    const round = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
    const all = rows.find((r) => r.agent_id === null)!;
    expect(ins.totals).toMatchObject({ total: all.total, avgReachedSeconds: round(all.avg), p90ReachedSeconds: round(all.p90) });
    expect(ins.totals.groups.reached).toBe(all.reached);
    for (const a of ins.agents) {
      const r = rows.find((row) => row.agent_id === a.agentId)!;
      expect(a, a.agentId).toMatchObject({ total: r.total, avgReachedSeconds: round(r.avg), p90ReachedSeconds: round(r.p90) });
    }
    expect(ins.durations.reduce((n, d) => n + d.count, 0)).toBe(
      (
        await db.query<{ n: number }>(
          `SELECT count(duration)::int AS n FROM index_calls WHERE status = ANY($1::text[]) AND start_time >= $2 AND start_time < $3`,
          [STATUS_GROUP_STATUSES.reached, new Date(ins.range.start), new Date(ins.range.end)],
        )
      ).rows[0]!.n,
    );
    expect(ins.campaigns.map((c) => c.campaignName)).toContain('Winter renewals');
    const classes = (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM index_calls WHERE classification @> '{"interest":"yes"}' AND start_time >= $1 AND start_time < $2`,
        [new Date(ins.range.start), new Date(ins.range.end)],
      )
    ).rows[0]!.n;
    expect(ins.classifiers.find((c) => c.name === 'interest')!.values.find((v) => v.value === 'yes')!.count).toBe(classes);
  });

  it('counts the calls a text matches exactly, alone or with other filters', async () => {
    const page = calls(60, 10, 5);
    await upsertCalls(db, page);
    const say = (i: number) => (i % 3 === 0 ? 'I want to cancel my subscription' : i % 3 === 1 ? 'Please book an appointment' : 'Where is my order?');
    await saveTranscripts(
      db,
      page
        .filter((c) => c.status !== 'IN_PROGRESS')
        .map((c, i) => ({ callId: c.id, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: say(i), time: c.startTime }] })),
    );
    const exists = async (q: string, extra = 'true', params: unknown[] = []) =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM index_calls c WHERE ${extra} AND EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $${params.length + 1}))`,
          [...params, q],
        )
      ).rows[0]!.n;
    for (const q of ['cancel', '"my order"', 'appointment OR subscription', 'book -appointment', 'the']) {
      expect((await countCalls(db, { q })).total, q).toBe(await exists(q));
      const found = await searchCalls(db, IndexSearchQuery.parse({ q, size: 5 }));
      expect(found.total, q).toBe(await exists(q));
      expect((await countCalls(db, { q, status: ['COMPLETED'] })).total, `${q} and COMPLETED`).toBe(await exists(q, `c.status = 'COMPLETED'`));
    }
    expect(await exists('cancel')).toBeGreaterThan(0);
  });

  it('finds the same calls, in the same order, as the exact form, whether it reads the text matches first or walks the list', async () => {
    const page = calls(90, 12, 8);
    await upsertCalls(db, page);
    const say = (i: number) => (i % 9 === 0 ? `Order ${i}: the parcel never came` : i % 2 ? 'I want to cancel my order' : 'Book an appointment for me');
    await saveTranscripts(
      db,
      page.map((c, i) => ({ callId: c.id, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: say(i), time: c.startTime }] })),
    );
    const exact = async (q: string, status?: string) =>
      (
        await db.query<{ id: string }>(
          `SELECT c.id::text AS id FROM index_calls c
            WHERE ($2::text IS NULL OR c.status = $2) AND EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1))
            ORDER BY c.start_time DESC, c.id DESC`,
          [q, status ?? null],
        )
      ).rows.map((r) => r.id);
    for (const q of ['cancel', 'parcel', 'zeppelin', '"my order"', 'order -cancel', 'parcel OR appointment', '"never came" -zeppelin']) {
      for (const status of [undefined, 'COMPLETED']) {
        const all = await exact(q, status);
        for (const candidatesMax of [TEXT_CANDIDATES_MAX, 0]) {
          const label = `${q} ${status ?? ''} (${candidatesMax ? 'text first' : 'walk'})`;
          const pages: string[] = [];
          for (const n of [1, 2, 3]) {
            const found = await searchCalls(db, IndexSearchQuery.parse({ q, size: 7, page: n, ...(status ? { status } : {}) }), { candidatesMax });
            expect(found, label).toMatchObject({ total: all.length, totalExact: true });
            pages.push(...found.rows.map((r) => r.call.id));
          }
          expect(pages, label).toEqual(all.slice(0, 21));
        }
      }
    }
    expect((await exact('parcel')).length).toBeGreaterThan(0);
  });

  it('says when a total stopped at its cap, and gives the exact one when asked', async () => {
    const exactCount = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls WHERE status = 'COMPLETED'`)).rows[0]!.n;
    expect(exactCount).toBeGreaterThan(10);
    const capped = await searchCalls(db, IndexSearchQuery.parse({ status: 'COMPLETED', size: 5 }), { countCap: 10 });
    expect(capped).toMatchObject({ total: 10, totalExact: false });
    expect(capped.rows).toHaveLength(5);
    const asked = await searchCalls(db, IndexSearchQuery.parse({ status: 'COMPLETED', size: 5, exactTotal: 'true' }), { countCap: 10 });
    expect(asked).toMatchObject({ total: exactCount, totalExact: true });
    const under = await searchCalls(db, IndexSearchQuery.parse({ status: 'COMPLETED', size: 5 }), { countCap: exactCount });
    expect(under).toMatchObject({ total: exactCount, totalExact: true });
    // A text alone is counted over the transcripts, with the same cap.
    const text = await searchCalls(db, IndexSearchQuery.parse({ q: 'cancel', size: 5 }), { countCap: 2, candidatesMax: 0 });
    expect(text).toMatchObject({ total: 2, totalExact: false });
    // …or, when its probe for candidates already found more than the cap, without counting again.
    const probed = await searchCalls(db, IndexSearchQuery.parse({ q: 'cancel', size: 5 }), { countCap: 2, candidatesMax: 3 });
    expect(probed).toMatchObject({ total: 2, totalExact: false });
    expect(probed.rows).toHaveLength(5);
  });

  it('prunes calls older than the retention, whole days at a time, with their transcripts, facts and rollups', async () => {
    const old = calls(80, 60, 31).filter((c) => Date.parse(c.startTime) < Date.now() - 45 * 86_400_000);
    expect(old.length).toBeGreaterThan(5);
    await upsertCalls(db, old, 'Old campaign');
    await saveTranscripts(
      db,
      old.map((c) => ({ callId: c.id, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: 'An old call', time: c.startTime }] })),
    );
    const cut = new Date(Math.floor((Date.now() - 44 * 86_400_000) / 86_400_000) * 86_400_000);
    const before = async () => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls WHERE start_time < $1`, [cut])).rows[0]!.n;
    const toGo = await before();
    const kept = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls WHERE start_time >= $1`, [cut])).rows[0]!.n;
    // A small limit stops after the first day(s): what is left is consistent, and the next call goes on.
    const first = await pruneIndex(db, cut, 1);
    expect(first).toBeGreaterThan(0);
    await expectRollupsMatchFacts(db);
    expect(first + (await pruneIndex(db, cut, 1_000_000))).toBe(toGo);
    expect(await before()).toBe(0);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls`)).rows[0]!.n).toBe(kept);
    expect(
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_transcripts WHERE call_id = ANY($1::uuid[])`, [old.map((c) => c.id)])).rows[0]!.n,
    ).toBe(0);
    await expectRollupsMatchFacts(db);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_rollup_status WHERE t < $1`, [cut])).rows[0]!.n).toBe(0);
    await expect(pruneIndex(db, new Date(cut.getTime() + 3_600_000), 10)).rejects.toThrow(/midnight/);
  });

  it('counts the calls a text search cannot reach yet: matching the other filters, transcript not indexed', async () => {
    const page = calls(30, 3, 21);
    await upsertCalls(db, page);
    // Half of the ended calls' transcripts are read; the rest and the calls in progress are not.
    const ended = page.filter((c) => c.status !== 'IN_PROGRESS');
    await saveTranscripts(
      db,
      ended
        .slice(0, Math.ceil(ended.length / 2))
        .map((c) => ({ callId: c.id, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: 'hello', time: c.startTime }] })),
    );
    const pending = async (extra: string, params: unknown[] = []) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls c WHERE transcript_state = 'pending' AND ${extra}`, params)).rows[0]!.n;
    expect(await countTranscriptsPending(db, { q: 'hello' })).toBe(await pending('true'));
    expect(await pending('true')).toBeGreaterThan(0);
    const agentId = page[0]!.agentId;
    expect(await countTranscriptsPending(db, { q: 'hello', agentId })).toBe(await pending('c.agent_id = $1', [agentId]));
  });

  it('stores a batch of transcripts in at most three statements, with their text vector and events', async () => {
    const page = calls(40, 5, 11).filter((c) => c.status !== 'IN_PROGRESS');
    await upsertCalls(db, page);
    let statements = 0;
    const counting: Db = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql, params) => {
              statements += 1;
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const at = (c: IndexableCall, s: number) => new Date(Date.parse(c.startTime) + s * 1000).toISOString();
    const items = page.map((c, i) =>
      i % 5 === 4
        ? { callId: c.id, entries: 'none' as const }
        : {
            callId: c.id,
            entries: [
              { actor: 'HUMAN', action: 'ANSWER', message: 'Answered', time: at(c, 1) },
              { actor: 'HUMAN', action: 'HUMAN_SPEAK', message: `Call ${i}: cancel\0 my \uE000subscription`, time: at(c, 2) },
              { actor: 'AGENT', action: i % 2 ? 'TRANSFER_CALL' : 'HANG_UP', message: 'Bye', time: at(c, 9) },
            ],
          },
    );
    // The first call twice: the last transcript stands.
    const first = items[0]!;
    const again = { callId: first.callId, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: 'Only this', time: at(page[0]!, 3) }] };
    await saveTranscripts(counting, [...items, again]);
    expect(statements).toBeLessThanOrEqual(3);
    const { rows } = await db.query<{
      id: string;
      transcript_state: string;
      transfer: boolean | null;
      answer_to_hangup: number | null;
      same: boolean;
      entries: any[];
    }>(
      `SELECT c.id::text, c.transcript_state, c.transfer, c.answer_to_hangup, t.entries,
              t.tsv = to_tsvector('${TS_CONFIG}', (SELECT string_agg(e->>'message', E'\n' ORDER BY o) FROM jsonb_array_elements(t.entries) WITH ORDINALITY AS x(e, o))) AS same
         FROM index_calls c LEFT JOIN index_transcripts t ON t.call_id = c.id WHERE c.id = ANY($1::uuid[])`,
      [page.map((c) => c.id)],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    items.forEach((item, i) => {
      const r = byId.get(item.callId)!;
      if (item.entries === 'none') return expect(r.transcript_state, `call ${i}`).toBe('none');
      expect(r, `call ${i}`).toMatchObject({ transcript_state: 'done', same: true });
      if (i === 0) return expect(r.entries.map((e) => e.message)).toEqual(['Only this']);
      expect(r.entries[1].message).toBe(`Call ${i}: cancel my subscription`);
      expect(r).toMatchObject({ transfer: i % 2 === 1, answer_to_hangup: i % 2 ? null : 8 });
    });
    expect((await countCalls(db, { q: '"cancel my subscription"' })).total).toBeGreaterThanOrEqual(
      items.filter((i, n) => n > 0 && i.entries !== 'none').length,
    );
  });

  it('gives the planner statistics of the index tables when analyzed', async () => {
    const stats = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_statistic WHERE starelid IN ('index_transcripts'::regclass, 'index_call_facts'::regclass)`,
        )
      ).rows[0]!.n;
    await analyzeIndex(db);
    expect(await stats()).toBeGreaterThan(0);
  });
});

/** The syncer's settings of the tests that run it whole: an interval far longer than a test, a fast rate. */
const ONE_WORKER_SYNC = {
  enabled: true,
  intervalMs: 120_000,
  backfillDays: 30,
  recentDays: 1,
  ratePerSecond: 1000,
  concurrency: 4,
  timeoutMs: 10_000,
};

describe('when the syncer analyzes the index', () => {
  it('waits for the first rows, then for half as many again as were written at the last time', () => {
    expect(dueForAnalyze(4999, 0, 5000)).toBe(false);
    expect(dueForAnalyze(5000, 0, 5000)).toBe(true);
    expect(dueForAnalyze(9999, 5000, 5000)).toBe(false);
    expect(dueForAnalyze(10_000, 5000, 5000)).toBe(true);
    expect(dueForAnalyze(40_000, 30_000, 5000)).toBe(false);
    expect(dueForAnalyze(45_000, 30_000, 5000)).toBe(true);
  });
});

describe('the syncer', () => {
  it('analyzes the index tables once enough rows are written', async () => {
    // The stack's own index does not sync (its default); this test runs a syncer of its own.
    const stack = await startTestStack({ seedCalls: 300 });
    const db = await openTestDb('bff_index_analyze');
    const silent = { info: () => undefined, warn: () => undefined };
    const upstream = new Upstream(stack.simUrl, [stack.keys[0]], 10_000, silent);
    const service = new CallIndexService(db, upstream, silent, {
      enabled: true,
      intervalMs: 200,
      backfillDays: 30,
      recentDays: 1,
      ratePerSecond: 1000,
      concurrency: 4,
      transcriptsPerPass: 10_000,
      timeoutMs: 10_000,
      analyzeAfterRows: 50,
    });
    let stopped = false;
    try {
      await migrate(db, MIGRATIONS, 'bff_migrations');
      service.start();
      for (let i = 0; i < 200; i += 1) {
        const s = await indexStatus(db, { enabled: true, backfillDays: 30, intervalMs: 200, leading: true });
        if (s.backfill.complete && s.indexedAt && s.transcriptsPending === 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_statistic WHERE starelid = 'index_transcripts'::regclass`);
      expect(rows[0]!.n).toBeGreaterThan(0);

      // The status's counts are the ones the syncer took as it wrote (issue 28), equal to a direct count
      // once it has counted after its writes, and not read afresh from the table on each request.
      const direct = async () =>
        (
          await db.query<{ calls: number; transcripts: number }>(
            `SELECT count(*)::int AS calls, count(*) FILTER (WHERE transcript_state = 'done')::int AS transcripts FROM index_calls`,
          )
        ).rows[0]!;
      const counted = async () => {
        for (let i = 0; i < 100; i += 1) {
          const s = await indexStatus(db, { enabled: true, backfillDays: 30, intervalMs: 200, leading: true });
          const d = await direct();
          if (s.calls === d.calls && s.transcripts === d.transcripts && s.transcriptsPending === 0) return s;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error('the status never agreed with a direct count');
      };
      const first = await counted();
      expect(first.calls).toBeGreaterThan(0);
      expect(first.countedAt).not.toBeNull();
      // …and the rate its reader found (issue 30): the start (1000/s here) at most, with no limit met.
      expect(first.rate).toMatchObject({ max: 1000, lastLimitAt: null });
      expect(first.rate!.perSecond).toBeGreaterThan(0);
      await service.stop();
      stopped = true;
      await upsertCalls(db, calls(7, 1, 99));
      const later = await indexStatus(db, { enabled: true, backfillDays: 30, intervalMs: 200, leading: true });
      expect(later.calls).toBe(first.calls);
      expect((await direct()).calls).toBe(first.calls + 7);
    } finally {
      if (!stopped) await service.stop();
      await upstream.close();
      await db.close();
      await stack.close();
    }
  }, 60_000);

  it('says "complete" only with the whole backfill counted, not the first page’s count (found just after midnight UTC)', async () => {
    const stack = await startTestStack({ seedCalls: 300 });
    const db = await openTestDb('bff_index_complete_count');
    const upstream = new Upstream(stack.simUrl, [stack.keys[0]], 10_000, { warn: () => undefined });
    // The moment the backfill says it is complete, the status's counts are read (the log line comes
    // right after the flag is written). Its first count is taken after its first page (today's
    // calls); the rest of the 30 days follows within seconds, before the next count was due.
    let atComplete: Promise<{ counted: number; actual: number }> | undefined;
    const log = {
      info: (_: object, message: string) => {
        if (message === 'Call index backfill complete.')
          atComplete ??= db
            .query<{ counted: number; actual: number }>(
              `SELECT (SELECT (counts->>'calls')::int FROM index_sync WHERE id = 1) AS counted, (SELECT count(*)::int FROM index_calls) AS actual`,
            )
            .then((r) => r.rows[0]!);
      },
      warn: () => undefined,
    };
    const service = new CallIndexService(db, upstream, log, { ...ONE_WORKER_SYNC, transcriptsPerPass: 0 });
    try {
      await migrate(db, MIGRATIONS, 'bff_migrations');
      service.start();
      for (let i = 0; i < 150 && !atComplete; i += 1) await new Promise((r) => setTimeout(r, 100));
      const seen = await atComplete!;
      expect(seen.actual).toBeGreaterThan(50);
      expect(seen.counted).toBe(seen.actual);
    } finally {
      await service.stop();
      await upstream.close();
      await db.close();
      await stack.close();
    }
  }, 60_000);

  it('starts the next pass at once while transcripts wait past a pass’s share, not after the interval (issue 30)', async () => {
    const stack = await startTestStack({ seedCalls: 300 });
    const db = await openTestDb('bff_index_backlog');
    const silent = { info: () => undefined, warn: () => undefined };
    const upstream = new Upstream(stack.simUrl, [stack.keys[0]], 10_000, silent);
    // An interval far longer than the test: only passes that follow each other at once can fetch
    // every transcript in time, 25 per pass.
    const settings = { ...ONE_WORKER_SYNC, transcriptsPerPass: 25 };
    const service = new CallIndexService(db, upstream, silent, settings);
    try {
      await migrate(db, MIGRATIONS, 'bff_migrations');
      service.start();
      const status = () => indexStatus(db, { enabled: true, backfillDays: 30, intervalMs: settings.intervalMs, leading: true });
      let last = await status();
      for (let i = 0; i < 150 && !(last.backfill.complete && last.indexedAt && last.transcriptsPending === 0); i += 1) {
        await new Promise((r) => setTimeout(r, 200));
        last = await status();
      }
      const { rows } = await db.query<{ done: number }>(`SELECT count(*) FILTER (WHERE transcript_state = 'done')::int AS done FROM index_calls`);
      expect(rows[0]!.done, 'more transcripts than two passes take').toBeGreaterThan(settings.transcriptsPerPass * 2);
      expect(last.transcriptsPending).toBe(0);
    } finally {
      await service.stop();
      await upstream.close();
      await db.close();
      await stack.close();
    }
  }, 60_000);
});
