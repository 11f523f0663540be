/**
 * The contact page's BFF read for a number with 200 calls (issue 33's budget: p95 <= 150 ms), on the
 * local PostgreSQL server: a database of its own with 50,000 indexed calls of 5,000 other numbers,
 * the number's 200 calls across 4 campaigns (with extracted data, classifications, context), 40 QA
 * reviews and 60 comments, and a do-not-call entry. Times readContact (every query the route runs)
 * sequentially after a warm-up. Run: `npx tsx bench/contact-page.ts` (needs 127.0.0.1:5432);
 * `npm run bench` runs it too, as part of the `outcomes` section (bench/lib/outcomes-section.ts).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { migrate } from '../common/db';
import { openTestDb } from '../common/test-db';
import { MIGRATIONS } from '../server/db/migrations';
import { readContact } from '../server/services/contacts/read';
import { percentile } from './lib/stats';

const PHONE = '+33612345678';
const OTHERS = 50_000;
const MINE = 200;
const RUNS = 300;

export interface ContactPageFigures {
  calls: number;
  indexed: number;
  runs: number;
  /** Every timed read, ms. */
  times: number[];
}

export async function measureContactPage(): Promise<ContactPageFigures> {
  const db = await openTestDb('bench_contact', 4);
  try {
    await migrate(db, MIGRATIONS);
    const insertCalls = (count: number, phoneSql: string) =>
      db.query(
        `INSERT INTO index_calls (id, agent_id, phone, type, status, start_time, end_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
       SELECT gen_random_uuid(), ('00000000-0000-4000-8000-00000000000' || (i % 5))::uuid, ${phoneSql}, 'OUTBOUND',
              (ARRAY['COMPLETED','NO_ANSWER','VOICE_BOX','BUSY'])[1 + i % 4], now() - i * interval '7 minutes', now() - i * interval '7 minutes' + interval '90 seconds',
              90, true, now() - i * interval '7 minutes', CASE WHEN i % 5 = 0 THEN NULL ELSE 'Campaign ' || (i % 4) END, ARRAY['t' || (i % 3)],
              jsonb_build_object('intent', CASE WHEN i % 2 = 0 THEN 'yes' ELSE 'no' END),
              CASE WHEN i % 3 = 0 THEN jsonb_build_object('appointment', jsonb_build_object('date', '2026-12-0' || (1 + i % 9))) ELSE '{}'::jsonb END,
              jsonb_build_object('context', jsonb_build_object('system', jsonb_build_object('phone', 'x'), 'firstName', 'Ana', 'plan', 'p' || (i % 7), 'visits', i % 11))
         FROM generate_series(1, $1) AS i`,
        [count],
      );
    await insertCalls(OTHERS, `'+3361' || lpad((i % 5000)::text, 7, '0')`);
    await insertCalls(MINE, `'${PHONE}'`);
    await db.query(
      `INSERT INTO reviews (call_id, user_id, reviewer, agent_id, rubric_version, scores, score, note, reviewed_at)
     SELECT id, 1, 'operator', agent_id, 1, '{}'::jsonb, 80, 'Fine', now() FROM index_calls WHERE phone = $1 LIMIT 40`,
      [PHONE],
    );
    await db.query(
      `INSERT INTO review_comments (call_id, user_id, author, text, line) SELECT id, 1, 'operator', 'A comment', 0 FROM index_calls WHERE phone = $1 LIMIT 60`,
      [PHONE],
    );
    await db.query(`INSERT INTO do_not_call (phone, reason, source, added_by) VALUES ($1, 'Asked', 'manual', 'operator')`, [PHONE]);
    await db.query('ANALYZE');

    const first = await readContact(db, PHONE, null);
    if (first.totalCalls !== MINE || first.calls.length !== MINE) throw new Error(`expected ${MINE} calls, read ${first.totalCalls}`);
    for (let i = 0; i < 30; i += 1) await readContact(db, PHONE, null);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await readContact(db, PHONE, null);
      times.push(performance.now() - t0);
    }
    return { calls: MINE, indexed: MINE + OTHERS, runs: RUNS, times };
  } finally {
    await db.close();
  }
}

// Run alone (`npx tsx bench/contact-page.ts`), not when the bench imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { times } = await measureContactPage();
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `contact page read, ${MINE} calls of ${MINE + OTHERS} indexed, ${RUNS} runs: p50 ${fmt(percentile(times, 50))} ms, p95 ${fmt(percentile(times, 95))} ms, max ${fmt(Math.max(...times))} ms (budget p95 <= 150 ms)`,
  );
  if (percentile(times, 95) > 150) process.exitCode = 1;
}
