/**
 * A Playwright reporter that closes the e2e run's secrets check: once every worker is done, it scans
 * every HAR the run recorded (e2e/secrets-recorder.ts), the browser storage read out of each
 * context before it closed, the built SPA (source maps included) and the e2e stack's log for the
 * API key values; any hit fails the run. On a run of every spec file it writes the figures to
 * resilience/results/e2e-secrets.json; every run then regenerates docs/reliability.md.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { writeResult } from '../resilience/report';
import { e2eStackFile } from '../scripts/lib/e2e-stack-files';
import { writeDoc } from '../resilience/write-doc';
import type { StackPorts } from './fixtures';
import { findSecrets, HAR_DIR, scanHar, SECRET_VALUES, TALLY_FILE, type ContextTally } from './secrets-recorder';

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

export default class SecretsReporter implements Reporter {
  private fullRun = false;

  /** The BFF port of each project's stack (playwright.config.ts), whose logs are scanned. */
  private stackPorts: number[] = [];

  onBegin(config: FullConfig, suite: Suite): void {
    // The stacks of the projects this run has tests in: a run of some projects (--project, or
    // E2E_STACKS, which starts only those stacks) scans those stacks' logs, and a missing one
    // of them is still a failure.
    this.stackPorts = [
      ...new Set(suite.suites.filter((project) => project.allTests().length > 0).map((project) => (project.project()!.metadata as StackPorts).port)),
    ];
    // Only this run's HARs and storages are counted.
    rmSync(HAR_DIR, { recursive: true, force: true });
    const ran = new Set(suite.allTests().map((t) => relative(process.cwd(), t.location.file)));
    const all = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
    const filtered = config.grep.toString() !== /.*/.toString() || !!config.grepInvert;
    this.fullRun = !filtered && all.every((f) => ran.has(join('e2e', f)));
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const found: string[] = [];
    // The search itself must work: each value, planted in each form, is found.
    for (const s of SECRET_VALUES) {
      for (const planted of [s, encodeURIComponent(s), Buffer.from(s).toString('base64')]) {
        if (findSecrets(`{"header":"x-api-key: ${planted}"}`).length !== 1) found.push(`the search misses a planted ${s.slice(0, 14)}…`);
      }
    }
    const tallies: ContextTally[] = existsSync(TALLY_FILE)
      ? readFileSync(TALLY_FILE, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as ContextTally)
      : [];
    for (const t of tallies) found.push(...t.found);
    let harBytes = 0;
    let harRequests = 0;
    const hars = filesUnder(HAR_DIR).filter((f) => f.endsWith('.har'));
    for (const har of hars) {
      const scan = scanHar(har);
      harBytes += scan.bytes;
      harRequests += scan.requests;
      found.push(...scan.hits.map((h) => `${har}:${h.slice(0, 14)}…`));
    }
    let assetBytes = 0;
    // The build the e2e stack served (scripts/e2e-stack.ts: E2E_STATIC_DIR, default dist/client).
    const assets = filesUnder(process.env.E2E_STATIC_DIR ?? join('dist', 'client'));
    for (const file of assets) {
      const text = readFileSync(file, 'latin1');
      assetBytes += statSync(file).size;
      for (const s of SECRET_VALUES) if (text.includes(s)) found.push(`${file}:${s.slice(0, 14)}…`);
    }
    const logFiles = this.stackPorts.map((port) => e2eStackFile(port, 'log'));
    // A stack whose log is missing was not scanned: that is a failure of the check, not a pass.
    for (const logFile of logFiles) if (!existsSync(logFile)) found.push(`no log to scan at ${logFile}`);
    const logLines = logFiles.flatMap((logFile) => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : []));
    for (const line of logLines) for (const s of SECRET_VALUES) if (line.includes(s)) found.push(`stack log:${s.slice(0, 14)}…`);

    const figures = {
      secretHits: found.length,
      contexts: tallies.length,
      harFiles: hars.length,
      harRequests,
      harBytes,
      storageBytes: tallies.reduce((sum, t) => sum + t.storageBytes, 0),
      assetFiles: assets.length,
      assetBytes,
      logLines: logLines.length,
      bytesScanned: harBytes + tallies.reduce((sum, t) => sum + t.storageBytes, 0) + assetBytes + logLines.reduce((sum, l) => sum + l.length + 1, 0),
    };
    const write = this.fullRun && result.status === 'passed';
    if (!write)
      console.log(
        `[e2e-secrets] ${Object.entries(figures)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')} (not a whole passing run: results file kept)`,
      );
    if (write) {
      writeResult({
        suite: 'e2e-secrets',
        promises: [
          'With the API keys set to canary values, no HAR of the whole e2e run (every browser context, bodies included, but for the built SPA, whose files are scanned where they are served from), no browser storage left by any context (cookies, localStorage, sessionStorage, IndexedDB, Cache Storage), no built asset or source map and no line the e2e stack logged holds a key.',
        ],
        figures,
      });
    }
    await writeDoc();
    if (found.length) {
      console.error(`[e2e-secrets] API key values found:\n${found.join('\n')}`);
      return { status: 'failed' };
    }
    return undefined;
  }

  printsToStdio(): boolean {
    return false;
  }
}
