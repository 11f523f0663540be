/**
 * The one CSV-safety function: what it quotes, and that it stays the only one (every CSV the
 * console and the BFF write goes through it; a second copy drifts, as the do-not-call export's did).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { csvSafeCell } from './csv-safe';

const root = new URL('..', import.meta.url).pathname;

describe('csvSafeCell', () => {
  it('quotes what a spreadsheet would evaluate, even after spaces or a tab, and the full-width forms', () => {
    expect(['=1+1', ' +1', '\t-2', '@SUM(A1)', '\uFF1D1+1', 'plain', null].map((v) => csvSafeCell(v))).toEqual([
      "'=1+1",
      "' +1",
      "'\t-2",
      "'@SUM(A1)",
      "'\uFF1D1+1",
      'plain',
      '',
    ]);
    expect(csvSafeCell('a,"b"')).toBe('"a,""b"""');
  });

  it('is the only formula guard in the tree', () => {
    const files = execFileSync('git', ['grep', '-l', '-E', String.raw`\\uFF1D|FORMULA_START`, '--', 'src', 'server', 'contract', 'simulator', 'common'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f && !f.endsWith('.test.ts'));
    expect(files).toEqual(['contract/csv-safe.ts']);
  });
});
