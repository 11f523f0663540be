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

export async function lighthouseSection(ctx: BenchContext, pages: { name: string; url: string }[], cookie: string): Promise<void> {
  const runs = Number(process.env.BENCH_LH_RUNS ?? 1);
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const page of pages) {
      const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
      let failure = '';
      for (let i = 0; i < runs; i += 1) {
        if (timeLeft(ctx) < 40_000) {
          failure = 'out of the bench time budget';
          break;
        }
        try {
          const s = await lighthouse(page.url, preset, cookie);
          for (const k of Object.keys(scores)) scores[k]!.push(s[k]!);
        } catch (error) {
          failure = reason(error);
          ctx.log(`lighthouse ${page.name} ${preset}: ${failure}`);
        }
      }
      const perfBudget = preset === 'mobile' ? 98 : 100;
      const label = `${page.name}, ${preset}`;
      if (scores.performance!.length === 0) {
        ctx.report.skip(SECTION, `${label}: performance`, 'score', failure || 'no run', { op: '>=', value: perfBudget });
        continue;
      }
      ctx.report.add(SECTION, `${label}: performance`, 'score', scores.performance!, { op: '>=', value: perfBudget });
      ctx.report.add(SECTION, `${label}: accessibility`, 'score', scores.accessibility!);
      ctx.report.add(SECTION, `${label}: best practices`, 'score', scores['best-practices']!);
    }
  }
}
