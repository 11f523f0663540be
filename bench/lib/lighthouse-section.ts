/**
 * Lighthouse 12 (npm, its Node API) on Debian Chromium: performance, accessibility and best
 * practices for /agents, /calls and a call review, mobile (default) and desktop presets. One
 * Chromium serves every run (Lighthouse opens a fresh page and resets the origin's storage for each);
 * a CLI process and a browser per run took ~14 s a run against ~9 s, and five rounds did not fit in
 * the bench's ten minutes. The session cookie goes in as an extra header.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM } from './browser-section';
import type { BenchContext } from './section';
import { reason, timeLeft } from './section';

const SECTION = 'Lighthouse';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** The performance score's inputs (Lighthouse 12's weights: TBT 30 %, LCP 25 %, CLS 25 %, FCP 10 %, SI 10 %), reported beside it so a low score says where it was lost. */
const METRICS = [
  ['first-contentful-paint', 'FCP', 'ms'],
  ['largest-contentful-paint', 'LCP', 'ms'],
  ['total-blocking-time', 'TBT', 'ms'],
  ['cumulative-layout-shift', 'CLS', ''],
  ['speed-index', 'Speed Index', 'ms'],
] as const;
type Run = { scores: Record<string, number>; metrics: Record<string, number> };

async function lighthouseRun(port: number, url: string, preset: 'mobile' | 'desktop', cookie: string): Promise<Run> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, extraHeaders: { Cookie: cookie } },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
  const keep = process.env.BENCH_LH_SAVE;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${preset}-${Date.now()}.json`;
    writeFileSync(join(keep, name), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  }
  return {
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, v]) => [k, Math.round((v.score ?? NaN) * 100)])),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? NaN])),
  };
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
      metrics: Object.fromEntries(METRICS.map(([id]) => [id, [] as number[]])),
      failure: '',
    })),
  );
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  let slowest = 20_000;
  try {
    outer: for (let round = 0; round < rounds; round += 1) {
      for (const combo of combos) {
        if (timeLeft(ctx) < slowest * 1.2) {
          ctx.log(`lighthouse: stopping after ${round} full round(s), the time budget is spent`);
          for (const c of combos) if (c.scores.performance.length === 0) c.failure ||= 'out of the bench time budget';
          break outer;
        }
        const started = Date.now();
        try {
          const run = await lighthouseRun(chrome.port, combo.page.url, combo.preset, cookie);
          for (const k of Object.keys(combo.scores) as (keyof typeof combo.scores)[]) combo.scores[k].push(run.scores[k]!);
          for (const [id] of METRICS) combo.metrics[id]!.push(run.metrics[id]!);
        } catch (error) {
          combo.failure = reason(error);
          ctx.log(`lighthouse ${combo.page.name} ${combo.preset}: ${combo.failure}`);
        }
        slowest = Math.max(slowest, Date.now() - started);
      }
    }
  } finally {
    chrome.kill();
  }
  for (const { preset, page, scores, metrics, failure } of combos) {
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
    for (const [id, name, unit] of METRICS) ctx.report.add(SECTION, `${label}: ${name}`, unit, metrics[id]!);
  }
}
