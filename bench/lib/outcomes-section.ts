/**
 * BENCH_ONLY=outcomes (issue 33's budgets): the two standalone benches of the outcomes work, run in
 * the bench's report. Each still runs alone (`npx tsx bench/outcomes.ts`, `npx tsx bench/contact-page.ts`).
 * - bench/outcomes.ts: a 1,000-recipient campaign's funnel and recipients table over an index of
 *   BENCH_OUTCOMES_CALLS other calls (p95 of BENCH_OUTCOMES_RUNS reads, budget ≤ 150 ms), a page
 *   write of 100 calls with and without three outcomes in force, storage per 1,000 rows;
 * - bench/contact-page.ts: the contact page's read for a number with 200 calls among 50,000
 *   (p95 of 300 reads, budget ≤ 150 ms).
 * Both on the local PostgreSQL server, each in a database of its own, dropped after. Each is one
 * run of many timed reads: the row's figure is that run's percentile, not a median of runs.
 */
import { measureContactPage } from '../contact-page';
import { measureOutcomes } from '../outcomes';
import { reason, type BenchContext } from './section';
import { percentile } from './stats';

const S = 'Outcomes and contact page (PostgreSQL)';

export async function outcomesSection(ctx: BenchContext): Promise<void> {
  try {
    const o = await measureOutcomes();
    if (!o) ctx.report.skip(S, '(outcomes figures)', '', 'no PostgreSQL server at TEST_DATABASE_URL (default 127.0.0.1:5432)');
    else {
      const of = `of ${o.runs} reads; ${o.campaignCalls} campaign calls in ${o.indexedCalls} indexed`;
      ctx.report.add(
        S,
        'campaign funnel + recipients table (1,000 recipients + 50 skipped): p95',
        'ms',
        [percentile(o.funnelMs, 95)],
        { op: '<=', value: 150 },
        of,
      );
      ctx.report.add(S, 'campaign funnel + recipients table: p50', 'ms', [percentile(o.funnelMs, 50)], undefined, of);
      ctx.report.add(S, 'a page write of 100 calls, no outcome in force (median)', 'ms', [o.writeBareMs]);
      ctx.report.add(S, 'a page write of 100 calls, three outcomes in force (median)', 'ms', [o.writeWithOutcomesMs]);
      ctx.report.add(
        S,
        'storage per 1,000 recipients (with indexes)',
        'KiB',
        [o.recipientsKiB],
        undefined,
        `${o.recipientsDataKiB.toFixed(0)} KiB of row data`,
      );
      ctx.report.add(S, 'storage per 1,000 call-outcome rows', 'KiB', [o.outcomesKiB], undefined, `${o.outcomeRows} rows`);
    }
  } catch (error) {
    ctx.report.skip(S, 'campaign funnel + recipients table (1,000 recipients + 50 skipped): p95', 'ms', reason(error), { op: '<=', value: 150 });
  }
  try {
    const c = await measureContactPage();
    const of = `of ${c.runs} reads; ${c.calls} calls of ${c.indexed} indexed`;
    ctx.report.add(S, `contact page read, a number with ${c.calls} calls: p95`, 'ms', [percentile(c.times, 95)], { op: '<=', value: 150 }, of);
    ctx.report.add(S, `contact page read: p50`, 'ms', [percentile(c.times, 50)], undefined, of);
    ctx.report.add(S, `contact page read: max`, 'ms', [Math.max(...c.times)], undefined, of);
  } catch (error) {
    ctx.report.skip(S, 'contact page read, a number with 200 calls: p95', 'ms', reason(error), { op: '<=', value: 150 });
  }
}
