/**
 * Lighthouse 12 (npm) on Debian Chromium: performance, accessibility and best practices for
 * /agents, /calls and a call review, mobile (default) and desktop presets. Each run is its own
 * process with its own Chromium; the session cookie goes in as an extra header.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CHROMIUM } from './browser-section';
import type { BenchContext } from './section';
import { reason, timeLeft } from './section';

const run = promisify(execFile);
const LIGHTHOUSE = new URL('../../node_modules/lighthouse/cli/index.js', import.meta.url).pathname;
const SECTION = 'Lighthouse';

async function lighthouse(url: string, preset: 'mobile' | 'desktop', cookie: string): Promise<Record<string, number>> {
  const args = [
    LIGHTHOUSE,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await run(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
  const lhr = JSON.parse(stdout) as { categories: Record<string, { score: number | null }>; runtimeError?: { message: string } };
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  return Object.fromEntries(Object.entries(lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? NaN) * 100)]));
}

/**
 * Rounds: each round runs every page × preset once (so noise spreads over all of them alike), up to
 * BENCH_LH_RUNS rounds (default 5), and no new run starts unless the time left covers the slowest run
 * seen so far: on a busy machine fewer rounds fit, and each row says how many it got.
 */
export async function lighthouseSection(ctx: BenchContext, pages: { name: string; url: string }[], cookie: string): Promise<void> {
  const rounds = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
  const combos = (['mobile', 'desktop'] as const).flatMap((preset) =>
    pages.map((page) => ({
      preset,
      page,
      scores: { performance: [] as number[], accessibility: [] as number[], 'best-practices': [] as number[] },
      failure: '',
    })),
  );
  let slowest = 30_000;
  outer: for (let round = 0; round < rounds; round += 1) {
    for (const combo of combos) {
      if (timeLeft(ctx) < slowest * 1.2) {
        ctx.log(`lighthouse: stopping after ${round} full round(s), the time budget is spent`);
        for (const c of combos) if (c.scores.performance.length === 0) c.failure ||= 'out of the bench time budget';
        break outer;
      }
      const started = Date.now();
      try {
        const s = await lighthouse(combo.page.url, combo.preset, cookie);
        for (const k of Object.keys(combo.scores) as (keyof typeof combo.scores)[]) combo.scores[k].push(s[k]!);
      } catch (error) {
        combo.failure = reason(error);
        ctx.log(`lighthouse ${combo.page.name} ${combo.preset}: ${combo.failure}`);
      }
      slowest = Math.max(slowest, Date.now() - started);
    }
  }
  for (const { preset, page, scores, failure } of combos) {
    const perfBudget = preset === 'mobile' ? 98 : 100;
    const label = `${page.name}, ${preset}`;
    if (scores.performance.length === 0) {
      ctx.report.skip(SECTION, `${label}: performance`, 'score', failure || 'no run', { op: '>=', value: perfBudget });
      continue;
    }
    const n = scores.performance.length;
    const few = n < rounds ? `${n} of ${rounds} rounds fitted in the bench time budget` : n < 5 ? `BENCH_LH_RUNS=${rounds}` : undefined;
    ctx.report.add(SECTION, `${label}: performance`, 'score', scores.performance, { op: '>=', value: perfBudget }, few);
    ctx.report.add(SECTION, `${label}: accessibility`, 'score', scores.accessibility);
    ctx.report.add(SECTION, `${label}: best practices`, 'score', scores['best-practices']);
  }
}
