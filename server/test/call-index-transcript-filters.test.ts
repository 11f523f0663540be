/**
 * A text search with the list's common filters, counted over index_transcripts alone (issue 31,
 * ADR 0058), on a real PostgreSQL server: each transcript's copy of its call's start time, agent,
 * status and campaign is filled by migration 035 for transcripts stored before it, and follows the
 * call through saveTranscripts and every upsert (status changes after the transcript is stored,
 * campaign attribution, re-upserts); the count equals the exact count over index_calls, capped or not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db, type Queryable } from '../../common/db';
import { testStore, type TestStore } from '../../common/test-db';
import { IndexSearchQuery, type IndexSearchInput } from '../../contract/bff/index';
import { MIGRATIONS } from '../db/migrations';
import type { IndexableCall } from '../services/call-index/parse';
import { countCalls, searchCalls, TS_CONFIG, type IndexFilter } from '../services/call-index/query';
import { saveTranscripts, upsertCalls } from '../services/call-index/store';

const AGENTS = [randomUUID(), randomUUID(), randomUUID()];
const STATUSES = ['COMPLETED', 'NO_ANSWER', 'VOICE_BOX', 'FAILED', 'CANCELED'] as const;
const WORDS = ['appointment', 'delivery', 'refund'];

/** A deterministic spread of ended calls over the last `days` days. */
function calls(n: number, days: number, seed: number): IndexableCall[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: n }, () => {
    const start = new Date(Date.now() - next() * days * 86_400_000);
    return {
      id: randomUUID(),
      agentId: AGENTS[Math.floor(next() * AGENTS.length)]!,
      phone: '+14155550100',
      type: 'OUTBOUND',
      status: STATUSES[Math.floor(next() * STATUSES.length)]!,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60_000).toISOString(),
      duration: 60,
      recorded: false,
      tags: [],
      classificationData: {},
      extractedData: {},
    };
  });
}

const say = (i: number) => `I am calling about my ${WORDS[i % WORDS.length]}${i % 4 === 0 ? ' and a refund' : ''}`;
const transcriptsOf = (page: IndexableCall[]) =>
  page.map((c, i) => ({ callId: c.id, entries: [{ actor: 'HUMAN', action: 'HUMAN_SPEAK', message: say(i), time: c.startTime }] }));

/** Transcripts whose copy differs from their call's columns (none, when the copies are kept). */
async function driftedCopies(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM index_transcripts t JOIN index_calls c ON c.id = t.call_id
      WHERE (t.start_time, t.agent_id, t.status, t.campaign_name) IS DISTINCT FROM (c.start_time, c.agent_id, c.status, c.campaign_name)`,
  );
  return rows[0]!.n;
}

/** The exact count, over index_calls with the transcript's EXISTS (the form the copies replace). */
async function exactCount(db: Db, q: string, f: { status?: string[]; agentId?: string; campaignName?: string; since?: Date }): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM index_calls c
      WHERE ($2::text[] IS NULL OR c.status = ANY($2)) AND ($3::uuid IS NULL OR c.agent_id = $3) AND ($4::text IS NULL OR c.campaign_name = $4)
        AND ($5::timestamptz IS NULL OR c.start_time >= $5)
        AND EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1))`,
    [q, f.status ?? null, f.agentId ?? null, f.campaignName ?? null, f.since ?? null],
  );
  return rows[0]!.n;
}

/** The SQL texts a function sends (to see which tables a count reads). */
function recording(db: Db): { db: Queryable; sql: string[] } {
  const sql: string[] = [];
  return {
    sql,
    db: {
      query: <T>(text: string, params?: readonly unknown[]) => {
        sql.push(text);
        return db.query<T>(text, params);
      },
      exec: (text: string) => db.exec(text),
    } satisfies Queryable,
  };
}

describe('a text search with the common filters, counted over the transcripts alone', () => {
  let db: Db;
  let store: TestStore | undefined;
  let page: IndexableCall[];
  const since = new Date(Date.now() - 5 * 86_400_000);
  const sinceDate = since.toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_index_tfilters');
    db = await openDb({ url: store.url });
    // Calls and transcripts stored before migration 035: the migration copies their columns.
    const before = MIGRATIONS.findIndex((m) => m.id === '035_index_transcripts_filters');
    await migrate(db, MIGRATIONS.slice(0, before), 'bff_migrations');
    const old = calls(40, 10, 3);
    await db.query(
      `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
       SELECT (e->>'id')::uuid, (e->>'agentId')::uuid, '+1', 'OUTBOUND', e->>'status', (e->>'startTime')::timestamptz, 60, false, now(),
              CASE WHEN (e->>'status') = 'COMPLETED' THEN 'Old campaign' END, '{}', '{}', '{}', e
         FROM jsonb_array_elements($1::jsonb) AS e`,
      [JSON.stringify(old)],
    );
    await db.query(
      `INSERT INTO index_transcripts (call_id, entries, tsv) SELECT (e->>'id')::uuid, '[]', to_tsvector('${TS_CONFIG}', 'an old appointment')
         FROM jsonb_array_elements($1::jsonb) AS e`,
      [JSON.stringify(old)],
    );
    // Applied after 036 where that ran first (the runner applies every id it has not recorded).
    await migrate(db, MIGRATIONS, 'bff_migrations');
    page = calls(240, 10, 7);
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await store?.drop();
  });

  it('fills the copies of the transcripts stored before its migration', async () => {
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM index_transcripts')).rows[0]!.n).toBe(40);
    expect(await driftedCopies(db)).toBe(0);
    expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_transcripts WHERE campaign_name = 'Old campaign'`)).rows[0]!.n).toBeGreaterThan(
      0,
    );
  });

  it('keeps each transcript’s copy its call’s through stores, status changes, campaign attribution and re-upserts', async () => {
    await upsertCalls(db, page);
    await saveTranscripts(db, transcriptsOf(page));
    expect(await driftedCopies(db)).toBe(0);
    // Statuses change after the transcripts are stored; a campaign is attributed; a page is read again unchanged.
    await upsertCalls(
      db,
      page.slice(0, 60).map((c, i) => ({ ...c, status: i % 2 ? 'COMPLETED' : 'TRANSFERRED' })),
    );
    await upsertCalls(db, page.slice(40, 100), 'Spring renewals');
    await upsertCalls(db, page.slice(40, 100));
    expect(await driftedCopies(db)).toBe(0);
    // A call moved to another agent and start; a transcript stored again.
    await upsertCalls(db, [{ ...page[5]!, agentId: AGENTS[0]!, startTime: new Date(Date.now() - 3_600_000).toISOString() }]);
    await saveTranscripts(db, transcriptsOf(page.slice(0, 10)));
    expect(await driftedCopies(db)).toBe(0);
  });

  it('counts a text with status, agent, campaign and time filters as the exact form does, capped or not', async () => {
    const cases: { q: string; f: { status?: string[]; agentId?: string; campaignName?: string; since?: Date } }[] = [
      { q: 'appointment', f: { status: ['COMPLETED'] } },
      { q: 'refund', f: { status: ['COMPLETED', 'TRANSFERRED'] } },
      { q: 'delivery OR refund', f: { agentId: AGENTS[1] } },
      { q: 'appointment -refund', f: { status: ['NO_ANSWER'], agentId: AGENTS[2] } },
      { q: 'refund', f: { campaignName: 'Spring renewals' } },
      { q: '"my delivery"', f: { status: ['TRANSFERRED', 'COMPLETED', 'NO_ANSWER'], since } },
      { q: 'appointment', f: { campaignName: 'Old campaign', status: ['COMPLETED'] } },
    ];
    for (const { q, f } of cases) {
      const filter: Partial<IndexFilter> = {
        q,
        ...(f.status ? { status: f.status as IndexFilter['status'] } : {}),
        ...(f.agentId ? { agentId: f.agentId } : {}),
        ...(f.campaignName ? { campaignName: f.campaignName } : {}),
        ...(f.since ? { from: sinceDate, to: today, tz: 'UTC' } : {}),
      };
      const exact = await exactCount(db, q, { ...f, since: f.since ? new Date(`${sinceDate}T00:00:00Z`) : undefined });
      expect(exact, `${q} ${JSON.stringify(f)}`).toBeGreaterThan(2);
      const seen = recording(db);
      expect(await countCalls(seen.db, filter), `${q} ${JSON.stringify(f)}`).toEqual({ total: exact, exact: true });
      // Read over index_transcripts alone: no walk of index_calls probing each call's transcript.
      expect(seen.sql).toHaveLength(1);
      expect(seen.sql[0]).toMatch(/FROM index_transcripts t WHERE/);
      expect(seen.sql[0]).not.toMatch(/index_calls/);
      expect(await countCalls(db, filter, { cap: exact })).toEqual({ total: exact, exact: true });
      expect(await countCalls(db, filter, { cap: exact - 1 })).toEqual({ total: exact - 1, exact: false });
    }
  });

  it('answers a search with a common word and a status with the exact total past the cap, and says when it stopped at the cap', async () => {
    const search = (extra: Partial<IndexSearchInput> = {}) => IndexSearchQuery.parse({ q: 'refund', status: 'COMPLETED', size: 5, ...extra });
    const exact = await exactCount(db, 'refund', { status: ['COMPLETED'] });
    expect(exact).toBeGreaterThan(6);
    // More matches than the candidates' limit: the page walks the list, the count reads the transcripts.
    const capped = await searchCalls(db, search(), { countCap: 5, candidatesMax: 3 });
    expect(capped).toMatchObject({ total: 5, totalExact: false });
    expect(capped.rows).toHaveLength(5);
    expect(await searchCalls(db, search({ exactTotal: 'true' }), { countCap: 5, candidatesMax: 3 })).toMatchObject({ total: exact, totalExact: true });
    expect(await searchCalls(db, search(), { countCap: exact, candidatesMax: 3 })).toMatchObject({ total: exact, totalExact: true });
  });

  it('pages a common word with the copied filters in start order over the transcripts, as the exact form orders them', async () => {
    for (const [sort, dir] of [
      ['startTime,DESC', 'DESC'],
      ['startTime,ASC', 'ASC'],
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `SELECT c.id::text AS id FROM index_calls c WHERE c.status = ANY($2::text[])
            AND EXISTS (SELECT 1 FROM index_transcripts t WHERE t.call_id = c.id AND t.tsv @@ websearch_to_tsquery('${TS_CONFIG}', $1))
          ORDER BY c.start_time ${dir}, c.id ${dir}`,
        ['refund', ['COMPLETED', 'NO_ANSWER']],
      );
      expect(rows.length).toBeGreaterThan(12);
      const pages: string[] = [];
      for (const n of [1, 2, 3]) {
        const seen = recording(db);
        const found = await searchCalls(seen.db, IndexSearchQuery.parse({ q: 'refund', status: 'COMPLETED,NO_ANSWER', size: 4, page: n, sort }), {
          candidatesMax: 3,
        });
        pages.push(...found.rows.map((r) => r.call.id));
        // The page read from the transcripts' start order, not from a walk of index_calls.
        expect(
          seen.sql.some((sql) => sql.includes('SELECT t.call_id AS id, t.start_time FROM index_transcripts t')),
          sort,
        ).toBe(true);
      }
      expect(pages, sort).toEqual(rows.slice(0, 12).map((r) => r.id));
    }
  });

  it('keeps today’s path for a filter the transcripts have no copy of', async () => {
    const seen = recording(db);
    const filter: Partial<IndexFilter> = { q: 'refund', status: ['COMPLETED'], minDuration: 30 };
    expect(await countCalls(seen.db, filter)).toEqual({ total: await exactCount(db, 'refund', { status: ['COMPLETED'] }), exact: true });
    expect(seen.sql[0]).toMatch(/FROM index_calls c/);
  });
});
