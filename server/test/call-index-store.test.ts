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
import { durationStats, insights } from '../services/call-index/insights';
import type { IndexableCall } from '../services/call-index/parse';
import { countCalls, searchCalls } from '../services/call-index/query';
import { analyzeIndex, saveTranscripts, upsertCalls } from '../services/call-index/store';
import { CallIndexService } from '../services/call-index/service';
import { dueForAnalyze } from '../services/call-index/syncer';
import { indexStatus } from '../services/call-index/status';
import { Upstream } from '../services/upstream';
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
      (await db.query<{ n: number }>(`SELECT count(duration)::int AS n FROM index_calls WHERE status = ANY($1::text[])`, [STATUS_GROUP_STATUSES.reached]))
        .rows[0]!.n,
    );
    expect(ins.campaigns.map((c) => c.campaignName)).toContain('Winter renewals');
    const classes = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls WHERE classification @> '{"interest":"yes"}'`)).rows[0]!.n;
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
          `SELECT count(*)::int AS n FROM index_calls c WHERE ${extra} AND EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('english', $${params.length + 1}))`,
          [...params, q],
        )
      ).rows[0]!.n;
    for (const q of ['cancel', '"my order"', 'appointment OR subscription', 'book -appointment', 'the']) {
      expect(await countCalls(db, { q }), q).toBe(await exists(q));
      const found = await searchCalls(db, IndexSearchQuery.parse({ q, size: 5 }));
      expect(found.total, q).toBe(await exists(q));
      expect(await countCalls(db, { q, status: ['COMPLETED'] }), `${q} and COMPLETED`).toBe(await exists(q, `c.status = 'COMPLETED'`));
    }
    expect(await exists('cancel')).toBeGreaterThan(0);
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
              t.tsv = to_tsvector('english', (SELECT string_agg(e->>'message', E'\n' ORDER BY o) FROM jsonb_array_elements(t.entries) WITH ORDINALITY AS x(e, o))) AS same
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
    expect(await countCalls(db, { q: '"cancel my subscription"' })).toBeGreaterThanOrEqual(items.filter((i, n) => n > 0 && i.entries !== 'none').length);
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
    } finally {
      await service.stop();
      await upstream.close();
      await db.close();
      await stack.close();
    }
  }, 60_000);
});
