import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Report } from './report';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('Report', () => {
  it('counts a budget missed without a figure (a rate never reached) as a FAIL, saying what was seen', () => {
    const report = new Report();
    report.add('Sync rate', 'limit 5: time to 70 %', 's', [7.4], { op: '<=', value: 120 });
    report.miss('Sync rate', 'limit 100: time to 70 %', 's', 'never, in 150 s (steady 5.0 requests/s)', { op: '<=', value: 120 });
    dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
    report.write(pathToFileURL(`${dir}/`), { machine: 'test', durationS: 1 });
    const md = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(md).toContain('**1 budgets met, 1 missed, 0 figures not measured.**');
    expect(md).toContain('| limit 100: time to 70 % | never, in 150 s (steady 5.0 requests/s) | | | ≤ 120 s | **FAIL** |');
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { figures: { verdict?: string }[] };
    expect(json.figures.map((f) => f.verdict)).toEqual(['pass', 'fail']);
  });
});
