import { describe, expect, it } from 'vitest';
import type { Call } from '@contract/schemas/call';
import { callsCsvHeader, callToCsvRow, exportAllPages, safeCell } from './csv-export';

const call = (id: string, over: Partial<Call> = {}): Call => ({
  id,
  agentId: 'a1',
  phone: '+33612345678',
  type: 'OUTBOUND',
  duration: 65,
  startTime: '2026-01-01T10:00:00Z',
  endTime: '2026-01-01T10:01:05Z',
  anonymous: false,
  status: 'COMPLETED',
  extractors: [],
  extractedData: {},
  classifiers: [],
  classificationData: {},
  context: {},
  watchedVariables: {},
  recorded: true,
  summary: null,
  tags: ['vip', 'fr'],
  created: '2026-01-01T10:00:00Z',
  ...over,
});

describe('safeCell', () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+33612345678', "'+33612345678"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['  =1+1', "'  =1+1"],
    ['＝1+1', "'＝1+1"],
  ])('neutralises %j', (input, out) => expect(safeCell(input)).toBe(out));

  it('quotes delimiters, quotes and line breaks; leaves plain text alone', () => {
    expect(safeCell('a,b')).toBe('"a,b"');
    expect(safeCell('say "hi"')).toBe('"say ""hi"""');
    expect(safeCell('two\nlines')).toBe('"two\nlines"');
    expect(safeCell('plain')).toBe('plain');
    expect(safeCell(null)).toBe('');
    expect(safeCell(42)).toBe('42');
    expect(safeCell(['a', 'b'])).toBe('a; b');
  });
});

describe('callToCsvRow', () => {
  it('writes the columns of the header in order', () => {
    expect(callsCsvHeader().split(',')).toHaveLength(callToCsvRow(call('c1'), 'Reminder').split(',').length);
    expect(callToCsvRow(call('c1'), '=evil')).toBe("c1,2026-01-01T10:00:00Z,2026-01-01T10:01:05Z,'+33612345678,a1,'=evil,OUTBOUND,COMPLETED,65,true,vip; fr");
  });
});

describe('exportAllPages', () => {
  it('fetches every page, reports progress and skips ids seen on an earlier page', async () => {
    const pages = [[call('c1'), call('c2')], [call('c2'), call('c3')], [call('c4')]];
    const progress: [number, number][] = [];
    const asked: number[] = [];
    const { csv, rows } = await exportAllPages(
      async (page) => {
        asked.push(page);
        return { content: pages[page - 1]!, totalPages: 3 };
      },
      { signal: new AbortController().signal, onProgress: (d, t) => progress.push([d, t]), agentName: () => 'Ann' },
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(progress).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['c1', 'c2', 'c3', 'c4']);
    expect(rows).toBe(4);
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const asked: number[] = [];
    const run = exportAllPages(
      async (page) => {
        asked.push(page);
        if (page === 2) controller.abort();
        return { content: [call(`c${page}`)], totalPages: 5 };
      },
      { signal: controller.signal },
    );
    await expect(run).rejects.toThrow();
    expect(asked).toEqual([1, 2]);
  });

  it('writes only the header for an empty result', async () => {
    const { csv, rows } = await exportAllPages(async () => ({ content: [], totalPages: 0 }), { signal: new AbortController().signal });
    expect(csv).toBe(`${callsCsvHeader()}\r\n`);
    expect(rows).toBe(0);
  });
});
