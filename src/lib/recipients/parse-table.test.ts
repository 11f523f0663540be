import { describe, expect, it } from 'vitest';
import { parseTable } from './parse-table';

describe('parseTable', () => {
  it('reads a comma CSV with a header', () => {
    const t = parseTable('phone,first name,tags\n+33612345678,Ana,vip\n+33612345679,Bo,\n');
    expect(t.hasHeader).toBe(true);
    expect(t.delimiter).toBe(',');
    expect(t.headers).toEqual(['phone', 'first name', 'tags']);
    expect(t.rows).toEqual([
      { line: 2, cells: ['+33612345678', 'Ana', 'vip'] },
      { line: 3, cells: ['+33612345679', 'Bo', ''] },
    ]);
  });

  it.each([
    [';', 'phone;name\n06 12 34 56 78;Ana\n06 12 34 56 79;Bo'],
    ['\t', 'phone\tname\n06 12 34 56 78\tAna\n06 12 34 56 79\tBo'],
    ['|', 'phone|name\n06 12 34 56 78|Ana\n06 12 34 56 79|Bo'],
  ])('detects the %j delimiter', (delimiter, text) => {
    const t = parseTable(text);
    expect(t.delimiter).toBe(delimiter);
    expect(t.rows[1]?.cells).toEqual(['06 12 34 56 79', 'Bo']);
  });

  it('strips a byte-order mark so the first header is clean', () => {
    const t = parseTable('\uFEFFphone,name\n+33612345678,Ana');
    expect(t.hadBom).toBe(true);
    expect(t.headers[0]).toBe('phone');
  });

  it('keeps delimiters, quotes and line breaks inside quoted fields, and counts lines through them', () => {
    const t = parseTable('phone,note\n+33612345678,"Dupont, Jean ""JJ""\nsecond line"\n+33612345679,plain');
    expect(t.rows[0]?.cells).toEqual(['+33612345678', 'Dupont, Jean "JJ"\nsecond line']);
    expect(t.rows[1]).toEqual({ line: 4, cells: ['+33612345679', 'plain'] });
  });

  it('treats a pasted list of numbers as headerless, one column', () => {
    const t = parseTable('06 12 34 56 78\n\n(415) 555-0100\n');
    expect(t.hasHeader).toBe(false);
    expect(t.headers).toEqual(['Column 1']);
    expect(t.rows).toEqual([
      { line: 1, cells: ['06 12 34 56 78'] },
      { line: 3, cells: ['(415) 555-0100'] },
    ]);
  });

  it('pads short rows and honours a forced header choice', () => {
    const t = parseTable('a,b,c\n1,2', { hasHeader: false });
    expect(t.hasHeader).toBe(false);
    expect(t.rows.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', ''],
    ]);
  });

  it('reports an unclosed quote', () => {
    const t = parseTable('phone,name\n+33612345678,"Ana');
    expect(t.errors.length).toBeGreaterThan(0);
  });

  it('is empty for empty input', () => {
    const t = parseTable('');
    expect(t.rows).toEqual([]);
    expect(t.headers).toEqual([]);
  });
});
