import { describe, expect, it } from 'vitest';
import { DNC_IMPORT_MAX } from '../../../contract/bff/do-not-call';
import { readImport } from './import-rows';

const bytes = (text: string) => new TextEncoder().encode(text);
const json = (data: unknown) => bytes(JSON.stringify(data));

describe('readImport (the import thread’s task)', () => {
  it('lists the good rows in E.164 and reports the others by line', () => {
    const read = readImport(
      json({
        rows: [
          { line: 2, phone: '+33 6 12 34 56 41', reason: 'Complaint' },
          { line: 3, phone: '0612345642', reason: 'National form' },
          { line: 4, phone: "'+33612345643", reason: 'From an earlier export' },
          { line: 5, phone: '+33612345644', reason: '' },
        ],
      }),
    );
    expect(read).toEqual({
      kind: 'rows',
      valid: [
        { phone: '+33612345641', reason: 'Complaint' },
        { phone: '+33612345643', reason: 'From an earlier export' },
      ],
      problems: [
        { line: 3, phone: '0612345642', reason: '"0612345642" is not a possible phone number in international form.' },
        { line: 5, phone: '+33612345644', reason: 'Say why this number must not be called.' },
      ],
    });
  });

  it('tells an empty body, one that is not JSON, and one with a prototype key apart from an import', () => {
    expect(readImport(bytes(''))).toEqual({ kind: 'empty' });
    expect(readImport(bytes('  \n'))).toEqual({ kind: 'empty' });
    expect(readImport(bytes('{"rows": ['))).toEqual({ kind: 'json' });
    expect(readImport(bytes('{"rows": [], "__proto__": {"admin": true}}'))).toEqual({ kind: 'json' });
    expect(readImport(bytes('{"rows": [], "constructor": {"prototype": {"admin": true}}}'))).toEqual({ kind: 'json' });
  });

  it('refuses what PostgreSQL cannot store, naming the row, before the contract’s checks', () => {
    const read = readImport(
      json({
        rows: [
          { line: 2, phone: '+33612345641', reason: 'ok' },
          { line: 3, phone: '+33612345642', reason: 'a\u0000b' },
        ],
        extra: 1,
      }),
    );
    expect(read).toMatchObject({ kind: 'unstorable', problem: { field: 'rows[1].reason' } });
  });

  it('gives the contract’s field errors for a body that is not an import', () => {
    const notRows = readImport(json({ rows: 'not rows' }));
    expect(notRows.kind).toBe('invalid');
    expect(notRows.kind === 'invalid' && notRows.errors.map((e) => e.field)).toEqual(['rows']);
    const tooMany = readImport(json({ rows: Array.from({ length: DNC_IMPORT_MAX + 1 }, (_, i) => ({ line: i + 1, phone: '+33612345641', reason: 'x' })) }));
    expect(tooMany).toMatchObject({ kind: 'invalid', errors: [{ field: 'rows', message: `At most ${DNC_IMPORT_MAX} rows per import.` }] });
    const extra = readImport(json({ rows: [{ line: 1, phone: '+33612345641', reason: 'x', note: 'extra' }] }));
    expect(extra).toMatchObject({ kind: 'invalid', errors: [{ field: 'rows[0].note' }] });
  });
});
