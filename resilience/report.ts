/**
 * Where the adversarial suites leave their figures: one JSON file per suite under
 * resilience/results/, read back by resilience/write-doc.ts to regenerate docs/reliability.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

export interface SuiteResult {
  suite: string;
  /** What the suite promises, one line each, for the doc. */
  promises: string[];
  /** Named counts and figures (inputs tried, crashes, 5xx, p99 ...). */
  figures: Record<string, number | string>;
}

/** Writes the suite's figures and prints them, so a run shows its counts without the doc. */
export function writeResult(result: SuiteResult): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const body = { ...result, measuredAt: new Date().toISOString() };
  writeFileSync(join(RESULTS_DIR, `${result.suite}.json`), `${JSON.stringify(body, null, 2)}\n`);
  console.log(
    `[${result.suite}] ${Object.entries(result.figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}

/** A tally of inputs tried, by kind. */
export class Tally {
  readonly byKind: Record<string, number> = {};
  add(kind: string, n = 1): void {
    this.byKind[kind] = (this.byKind[kind] ?? 0) + n;
  }
  get total(): number {
    return Object.values(this.byKind).reduce((a, b) => a + b, 0);
  }
}
