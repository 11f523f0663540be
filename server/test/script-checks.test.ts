/**
 * Script checks over transcripts (docs/review.md), over real HTTP against the simulator and the
 * call index on a real PostgreSQL server: each new kind of check flags exactly the calls a plain
 * reading of the stored transcripts says it should (computed here, in TypeScript, independently of
 * the SQL), a category is counted and filters the calls list, and a French phrase is found by the
 * transcript search, with or without its accents. Migration 024 rebuilds stored vectors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../common/db';
import { openTestDb, testStore, type TestStore } from '../../common/test-db';
import { MIGRATIONS } from '../db/migrations';
import { measure, watchFilterOf, type WatchFilter } from '../services/alerts/measure';
import { FAST_INDEX, utcDay, waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

interface Entry {
  action: string;
  actor?: string;
  time: string;
  message?: string | null;
}
interface IndexedCall {
  id: string;
  status: string;
  entries: Entry[];
}

/** Words as a person reads them: case and accents aside, split at anything not a letter or digit. */
const words = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
/** Whether `text` holds the phrase's words in order, next to each other. */
function says(text: string, phrase: string): boolean {
  const t = words(text);
  const p = words(phrase);
  return t.some((_, i) => p.every((w, j) => t[i + j] === w));
}
const machine = (c: IndexedCall) => c.entries.some((e) => e.action === 'ANSWERING_MACHINE_BEEP' || e.actor === 'ANSWERING_MACHINE');
const reached = (c: IndexedCall) => ['COMPLETED', 'TRANSFERRED'].includes(c.status) && !machine(c);
function saidBy(c: IndexedCall, phrases: string[], speaker: 'AGENT' | 'ANYONE', withinSeconds?: number): boolean {
  const answer = c.entries.find((e) => e.action === 'ANSWER') ?? c.entries[0];
  const limit = answer ? Date.parse(answer.time) + (withinSeconds ?? Infinity) * 1000 : Infinity;
  return c.entries.some((e) => (speaker === 'ANYONE' || e.actor === 'AGENT') && Date.parse(e.time) <= limit && phrases.some((p) => says(e.message ?? '', p)));
}

describe('script checks over transcripts on postgres', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let admin: Client;
  let viewer: Client;

  /** Every indexed call whose transcript is read, with its entries, straight from the tables. */
  async function transcripts(): Promise<IndexedCall[]> {
    const { rows } = await stack.app.ctx.db.query<IndexedCall>(
      `SELECT c.id::text, c.status, t.entries FROM index_calls c JOIN index_transcripts t ON t.call_id = c.id
        WHERE c.transcript_state = 'done' AND c.status <> 'IN_PROGRESS'`,
    );
    return rows;
  }
  /** Every call of the calls list for a query (all pages). */
  async function listed(query: string): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page += 1) {
      const res = await viewer.request('GET', `/bff/index/calls?size=100&page=${page}&${query}`);
      expect(res.status, res.text).toBe(200);
      out.push(...res.body.content.map((c: any) => c.id as string));
      if (page >= res.body.totalPages) return out.sort();
    }
  }
  async function madeCall(body: Record<string, unknown>): Promise<string> {
    const made = await stack.control('POST', '/_sim/calls', { durationSeconds: 40, transcriptEntries: 6, ...body });
    expect(made.status, made.text).toBe(201);
    const id = made.body.id as string;
    await waitFor(`call ${id} and its transcript in the index`, async () => {
      const { rows } = await stack.app.ctx.db.query<{ transcript_state: string }>('SELECT transcript_state FROM index_calls WHERE id = $1', [id]);
      return rows[0] && rows[0].transcript_state !== 'pending';
    });
    return id;
  }
  async function addCheck(name: string, condition: Record<string, unknown>): Promise<{ id: number; flagged: string[] }> {
    const res = await admin.request('POST', '/bff/review/checks', { body: { name, condition } });
    expect(res.status, res.text).toBe(201);
    return { id: res.body.id, flagged: await listed(`check=${res.body.id}`) };
  }

  let french: string;
  let english: string;

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_script', { ...FAST_INDEX });
    stack = await startTestStack({ seedCalls: 160, env: store.env });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body.content as any[];
    french = agents.find((a) => a.name === 'Rappel de rendez-vous').id;
    english = agents.find((a) => a.name === 'Appointment Reminder').id;
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

  it('finds a French phrase in the transcripts, with or without its accents, and its line', async () => {
    const id = await madeCall({ agentId: french, transcriptEntries: 12 });
    const all = await transcripts();
    const joined = (c: IndexedCall) => c.entries.map((e) => e.message ?? '').join('\n');
    const want = all.filter((c) => says(joined(c), 'très bien')).map((c) => c.id);
    expect(want).toContain(id);
    expect(await listed(`q=${encodeURIComponent('"Très bien"')}`)).toEqual(want.sort());
    // The English configuration kept accents apart: "tres" never found "Très".
    expect(await listed(`q=${encodeURIComponent('"tres bien"')}`)).toEqual(want.sort());
    const longer = await viewer.request(
      'GET',
      `/bff/index/calls?q=${encodeURIComponent('"souhaitez-vous recevoir un rappel par SMS"')}&agentId=${french}&size=100`,
    );
    expect(longer.status, longer.text).toBe(200);
    const row = longer.body.content.find((c: any) => c.id === id);
    expect(row, 'the made call is found by its French phrase').toBeTruthy();
    expect(row.hit.snippet.filter((p: any) => p.match).map((p: any) => p.text.toLowerCase())).toEqual(expect.arrayContaining(['souhaitez', 'rappel']));
    // French words English would drop as stop words, or stem, are searched as said.
    expect(await listed(`q=${encodeURIComponent('"je vous appelle au sujet de votre"')}&agentId=${french}`)).toContain(id);
  });

  it('"phrase within N s of the answer" flags reached calls whose agent did not say it in time, and only those', async () => {
    // The made call's agent says its second line 23.7 s after the answer (40 s, 6 entries: 4 s of ring, 3 turns of 11.8 s).
    const late = await madeCall({ agentId: french });
    const all = await transcripts();
    const phrases = ['vous etes attendu', 'you are booked for'];
    for (const seconds of [20, 30]) {
      const check = await addCheck(`Booking said within ${seconds} s`, { kind: 'phraseWithin', phrases, seconds });
      const want = all.filter((c) => reached(c) && !saidBy(c, phrases, 'AGENT', seconds)).map((c) => c.id);
      expect(check.flagged, `within ${seconds} s`).toEqual(want.sort());
      expect(check.flagged.includes(late), `the call said it at 23.7 s: flagged at ${seconds} s`).toBe(seconds === 20);
    }
    // A call that was said nothing of the kind by anyone is flagged; one of another agent said it at once is not.
    const review = await viewer.request('GET', `/bff/review/calls/${late}`);
    expect(review.body.sources).toContainEqual(expect.objectContaining({ kind: 'check', rule: 'Booking said within 20 s' }));
  });

  it('"phrase never said" and "forbidden phrase said" flag exactly the calls the transcripts say, by the chosen speaker', async () => {
    await madeCall({ agentId: english, transcriptEntries: 14 });
    const all = await transcripts();
    const closing = ['have a lovely day', 'bonne journee'];
    const never = await addCheck('Closing never said', { kind: 'phraseNeverSaid', phrases: closing });
    const wantNever = all.filter((c) => reached(c) && !saidBy(c, closing, 'AGENT')).map((c) => c.id);
    expect(never.flagged).toEqual(wantNever.sort());
    expect(wantNever.length).toBeLessThan(all.filter(reached).length);

    // The person's words count only when the check reads anyone's: "D'accord, merci." is a caller's line.
    const human = ['accord merci'];
    const byAgent = await addCheck('Agent said accord merci', { kind: 'forbiddenPhrase', phrases: human, speaker: 'AGENT' });
    expect(byAgent.flagged).toEqual([]);
    const byAnyone = await addCheck('Anyone said accord merci', { kind: 'forbiddenPhrase', phrases: human, speaker: 'ANYONE' });
    const wantAnyone = all.filter((c) => saidBy(c, human, 'ANYONE')).map((c) => c.id);
    expect(wantAnyone.length).toBeGreaterThan(0);
    expect(byAnyone.flagged).toEqual(wantAnyone.sort());

    const forbidden = ['same price', 'twelve months'];
    const check = await addCheck('Price promise', { kind: 'forbiddenPhrase', phrases: forbidden });
    const want = all.filter((c) => saidBy(c, forbidden, 'AGENT')).map((c) => c.id);
    expect(want.length).toBeGreaterThan(0);
    expect(check.flagged).toEqual(want.sort());
    const review = await viewer.request('GET', `/bff/review/calls/${want[0]}`);
    expect(review.body.sources).toContainEqual({ kind: 'check', ruleId: check.id, rule: 'Price promise' });
  });

  it('a category marks its calls, is counted over a range, filters the calls list and can be watched', async () => {
    const all = await transcripts();
    const phrases = ['renew it today', 'rappel par sms'];
    const category = await addCheck('Follow-up offered', { kind: 'category', phrases, speaker: 'ANYONE' });
    const want = all.filter((c) => saidBy(c, phrases, 'ANYONE')).map((c) => c.id);
    expect(want.length).toBeGreaterThan(0);
    expect(category.flagged).toEqual(want.sort());
    // Counted by the calls' start, over a range like Insights'; a range before every call counts none.
    const counts = await viewer.request('GET', `/bff/review/categories?from=${utcDay(-60)}&to=${utcDay(1)}`);
    expect(counts.status, counts.text).toBe(200);
    expect(counts.body.content).toContainEqual({ checkId: category.id, name: 'Follow-up offered', calls: want.length });
    expect(
      counts.body.content.every((c: any) => c.name !== 'Price promise'),
      'only categories are counted',
    ).toBe(true);
    const before = await viewer.request('GET', `/bff/review/categories?from=2000-01-01&to=2000-01-02`);
    expect(before.body.content).toContainEqual({ checkId: category.id, name: 'Follow-up offered', calls: 0 });
    // Combined with another filter of the list, and refused when it is not an id.
    expect(await listed(`check=${category.id}&agentId=${french}`)).toEqual((await listed(`agentId=${french}`)).filter((id) => want.includes(id)));
    const bad = await viewer.request('GET', '/bff/index/calls?check=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'check[0]' })]);
    // A watched view of the category: the rule takes it, and measures the category's calls of its window.
    expect((await admin.request('PUT', '/bff/views/Follow-ups', { body: { search: { check: [String(category.id)] } } })).status).toBeLessThan(300);
    const rule = await admin.request('POST', '/bff/alert-rules', {
      body: { name: 'Follow-ups offered', viewName: 'Follow-ups', condition: { kind: 'count', windowMinutes: 1440, atLeast: 1 } },
    });
    expect(rule.status, rule.text).toBe(201);
    const watched = watchFilterOf({ check: [String(category.id)] });
    expect(watched).toEqual({ filter: { check: [category.id] } });
    const asOf = new Date((await viewer.request('GET', '/bff/index/status')).body.indexedAt);
    const since = new Date(asOf.getTime() - 1440 * 60_000);
    const inWindow = await listed(`check=${category.id}&startedFrom=${since.toISOString().slice(0, 19)}Z&startedBefore=${asOf.toISOString().slice(0, 19)}Z`);
    const m = await measure(
      stack.app.ctx.db,
      (watched as { filter: WatchFilter }).filter,
      { kind: 'count', statuses: [], windowMinutes: 1440, atLeast: 1 },
      asOf,
    );
    expect(m.value).toBe(inWindow.length);
    expect(m.value).toBeLessThanOrEqual(want.length);
  });

  it('a fill reads only the transcripts stored since the last one: new calls are checked, old ones not read again', async () => {
    const sms = await addCheck('SMS offered, new calls', { kind: 'forbiddenPhrase', phrases: ['rappel par sms'] });
    const { rows: rules } = await stack.app.ctx.db.query<{ read_through: Date | null }>('SELECT read_through FROM review_rules WHERE id = $1', [sms.id]);
    expect(rules[0]!.read_through).not.toBeNull();
    // A call indexed after the check was added is read by a later fill (the worker's, or this one).
    const late = await madeCall({ agentId: french, transcriptEntries: 12 });
    expect((await admin.request('POST', '/bff/review/queue/fill')).status).toBe(200);
    expect(await listed(`check=${sms.id}`)).toContain(late);

    // An old transcript is not read again: a line added to it under its old storing time is not seen…
    const check = await addCheck('Zebra said', { kind: 'forbiddenPhrase', phrases: ['zebra crossing'], speaker: 'ANYONE' });
    expect(check.flagged).toEqual([]);
    const old = (await transcripts()).find((c) => c.id !== late)!;
    const entries = [...old.entries, { action: 'HUMAN_SPEAK', actor: 'HUMAN', time: old.entries.at(-1)!.time, message: 'Near the zebra crossing.' }];
    await stack.app.ctx.db.query(
      `UPDATE index_transcripts SET entries = $2, tsv = to_tsvector('switchboard_text', $3), indexed_at = now() - interval '1 hour' WHERE call_id = $1`,
      [old.id, JSON.stringify(entries), entries.map((e) => e.message ?? '').join('\n')],
    );
    expect((await admin.request('POST', '/bff/review/queue/fill')).status).toBe(200);
    expect(await listed(`check=${check.id}`)).toEqual([]);
    // …until it is stored again.
    await stack.app.ctx.db.query(`UPDATE index_transcripts SET indexed_at = now() WHERE call_id = $1`, [old.id]);
    expect((await admin.request('POST', '/bff/review/queue/fill')).status).toBe(200);
    expect(await listed(`check=${check.id}`)).toEqual([old.id]);
  });

  it('refuses a script check without phrases, or with a phrase of signs only, naming the field', async () => {
    const none = await admin.request('POST', '/bff/review/checks', { body: { name: 'x', condition: { kind: 'forbiddenPhrase', phrases: [] } } });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([expect.objectContaining({ field: 'condition.phrases', message: 'Enter at least one phrase.' })]);
    const signs = await admin.request('POST', '/bff/review/checks', { body: { name: 'x', condition: { kind: 'category', phrases: ['?!'] } } });
    expect(signs.status).toBe(400);
    expect(signs.body.errors).toEqual([expect.objectContaining({ field: 'condition.phrases[0]', message: 'A phrase needs at least one letter or digit.' })]);
    const who = await admin.request('POST', '/bff/review/checks', { body: { name: 'x', condition: { kind: 'category', phrases: ['a'], speaker: 'HUMAN' } } });
    expect(who.status).toBe(400);
    expect(who.body.errors[0].field).toBe('condition.speaker');
  });
});

describe('migration 024', () => {
  it('rebuilds the stored vectors with the configuration that folds accents and does not stem', async () => {
    const db = await openTestDb('bff_mig24');
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id < '024'),
      );
      const id = '00000000-0000-4000-8000-000000000024';
      await db.query(
        `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, recorded, created, tags, classification, extracted, doc)
         VALUES ($1, $1, '+33612345678', 'OUTBOUND', 'COMPLETED', now(), false, now(), '{}', '{}', '{}', '{}')`,
        [id],
      );
      const entries = [{ action: 'AGENT_SPEAK', actor: 'AGENT', time: '2026-01-01T00:00:00Z', message: 'Très bien, merci.' }];
      await db.query(`INSERT INTO index_transcripts (call_id, entries, tsv) VALUES ($1, $2, to_tsvector('english', 'Très bien, merci.'))`, [
        id,
        JSON.stringify(entries),
      ]);
      const found = async () =>
        (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_transcripts WHERE tsv @@ phraseto_tsquery('simple', 'tres bien')`)).rows[0]!.n;
      expect(await found()).toBe(0);
      await migrate(db, MIGRATIONS);
      expect(await found()).toBe(1);
      const { rows } = await db.query<{ same: boolean }>(`SELECT tsv = to_tsvector('switchboard_text', 'Très bien, merci.') AS same FROM index_transcripts`);
      expect(rows).toEqual([{ same: true }]);
    } finally {
      await db.close();
    }
  });
});
