import { describe, expect, it } from 'vitest';
import { parseTable } from '@/lib/recipients';
import { dncMappingProblems, importDncTable, rowsOfDraft, toImportRows, withDncHeader, type DncColumnRole } from './import-rows';

describe('toImportRows', () => {
  it('reads the phone and reason columns, normalises numbers, and reports bad rows by line', () => {
    const table = parseTable(
      ['phone,reason,name', "'+33612345678,Complaint,Ana", '06 12 34 56 79,,Bo', '123,Rude,Cy', '+33 6 12 34 56 78,Again,Dee', ',x,Eve'].join('\n'),
    );
    const built = toImportRows(table, 'Imported', 'FR');
    expect(built.rows).toEqual([
      { line: 2, phone: '+33612345678', reason: 'Complaint' },
      { line: 3, phone: '+33612345679', reason: 'Imported' },
    ]);
    expect(built.problems.map((p) => [p.line, p.kind])).toEqual([
      [4, 'phone'],
      [5, 'duplicate'],
      [6, 'phone'],
    ]);
    expect(built.total).toBe(5);
  });

  it('takes a pasted list of numbers with the default reason', () => {
    const built = toImportRows(parseTable('+14155550100\n+14155550101'), 'Asked on the phone');
    expect(built.rows.map((r) => r.reason)).toEqual(['Asked on the phone', 'Asked on the phone']);
  });
});

describe('the do-not-call table draft', () => {
  it('guesses the phone and reason columns, lets the person change them, and re-reads a header choice', () => {
    const draft = importDncTable('number,why,name\n+33612345678,Complaint,Ana\n0612345679,,Bo', 'list.csv', 'FR');
    expect(draft.roles).toEqual(['phone', 'reason', 'ignore']);
    expect(rowsOfDraft(draft, 'Imported', 'FR').rows).toEqual([
      { line: 2, phone: '+33612345678', reason: 'Complaint' },
      { line: 3, phone: '+33612345679', reason: 'Imported' },
    ]);
    // The reason column ignored: every row takes the default.
    const ignored = { ...draft, roles: ['phone', 'ignore', 'ignore'] as DncColumnRole[] };
    expect(rowsOfDraft(ignored, 'Imported', 'FR').rows.map((r) => r.reason)).toEqual(['Imported', 'Imported']);
    // No phone column: the import says so instead of sending nothing.
    expect(dncMappingProblems({ ...draft, roles: ['ignore', 'reason', 'ignore'] })).toEqual([
      'Choose the column that holds the phone numbers (Use as: Phone).',
    ]);
    const noHeader = withDncHeader(draft, false, 'FR');
    expect(noHeader.rows[0]).toEqual({ line: 1, cells: ['number', 'why', 'name'] });
    expect(rowsOfDraft(noHeader, 'Imported', 'FR').problems.map((p) => p.line)).toEqual([1]);
  });
});
