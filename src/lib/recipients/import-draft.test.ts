import { describe, expect, it } from 'vitest';
import { buildFromDraft, importTable, rejectedRowsCsv, withCell, withHeader, withoutLines } from './import-draft';

const csv = 'phone,first_name,tags\n+33612345678,Ana,vip\n0612345679,Bo,\nnot-a-phone,Cy,\n+33612345678,Di,\n';

describe('an imported recipient table', () => {
  it('imports, normalises with the default country, and reports bad and duplicate rows by line', () => {
    const draft = importTable(csv, 'list.csv', 'FR');
    const built = buildFromDraft(draft);
    expect(built.recipients.map((r) => r.phone)).toEqual(['+33612345678', '+33612345679']);
    expect(built.recipients[0]).toEqual({
      phone: '+33612345678',
      context: { first_name: 'Ana' },
      segmentationTags: ['vip'],
    });
    expect(built.problems.map((p) => [p.line, p.kind])).toEqual([
      [4, 'phone'],
      [5, 'duplicate'],
    ]);
    expect(built.duplicates).toBe(1);
  });
  it('fixes a row in place and removes rows', () => {
    const draft = importTable(csv, null, 'FR');
    const fixed = withCell(draft, 4, 0, '06 12 34 56 80');
    expect(buildFromDraft(fixed).recipients).toHaveLength(3);
    expect(buildFromDraft(withoutLines(fixed, new Set([3]))).recipients).toHaveLength(2);
  });
  it('turns a wrongly guessed header into a row and back', () => {
    const noHeader = importTable('+33612345678,Ana\n+33612345679,Bo\n', null, 'FR');
    expect(noHeader.hasHeader).toBe(false);
    const withIt = withHeader(noHeader, true);
    expect(withIt.headers).toEqual(['+33612345678', 'Ana']);
    expect(buildFromDraft(withIt).recipients).toHaveLength(1);
    const back = withHeader(withIt, false);
    expect(back.rows.map((r) => r.line)).toEqual([1, 2]);
    expect(buildFromDraft(back).recipients).toHaveLength(2);
  });
  it('writes the rejected rows as formula-safe CSV with line and reason', () => {
    const draft = importTable('phone,note\n=cmd,"a,b"\n', null, 'FR');
    const out = rejectedRowsCsv(draft, buildFromDraft(draft).problems);
    expect(out.split('\r\n')[0]).toBe('phone,note,line,reason');
    expect(out.split('\r\n')[1]).toMatch(/^'=cmd,"a,b",2,/);
  });
});
