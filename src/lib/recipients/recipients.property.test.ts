/** Property tests of the shared recipient import: any pasted text is parsed without crashing, any table written as CSV reads back, and phone normalisation is total and idempotent. */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { E164 } from '@contract/formats';
import { propertySuite } from '../../../resilience/property-count';
import { buildRecipients } from './build-recipients';
import { guessMapping } from './mapping';
import { parseTable } from './parse-table';
import { normalisePhone } from './phone';

const { counted } = propertySuite('properties-recipient-import', [
  'Any pasted text or file (BOM, any delimiter, quotes, line breaks, formula payloads) parses without throwing into rows of the header width; a table written as CSV reads back cell for cell.',
  'Phone normalisation never throws; what it accepts is E.164 and normalising it again gives the same number; every recipient built is E.164 and distinct.',
]);

const cell = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('=1+1', '@SUM(A1)', 'a,b', 'say "hi"', 'two\nlines', ' padded ', '+33 6 12 34 56 78', '0612345678', '(415) 555-0100'),
);

describe('table parsing (property)', () => {
  it('never throws on any text and pads rows to the header width', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 200 })),
        fc.boolean(),
        counted('any-text', (text, bom) => {
          const table = parseTable(bom ? `\uFEFF${text}` : text);
          expect(table.hadBom).toBe(bom);
          for (const row of table.rows) expect(row.cells.length).toBe(table.headers.length);
          const built = buildRecipients(table, guessMapping(table, 'FR'), { defaultCountry: 'FR' });
          for (const r of built.recipients) expect(E164.safeParse(r.phone).success).toBe(true);
          expect(new Set(built.recipients.map((r) => r.phone)).size).toBe(built.recipients.length);
        }),
      ),
      { numRuns: 500 },
    );
  });

  it('reads back a table written as CSV with any delimiter, cell for cell', () => {
    const table = fc.integer({ min: 1, max: 4 }).chain((width) =>
      fc.tuple(
        fc.array(
          fc.string({ minLength: 1, maxLength: 8 }).filter((h) => /^[A-Za-z][A-Za-z ]*$/.test(h)),
          { minLength: width, maxLength: width },
        ),
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
      ),
    );
    fc.assert(
      fc.property(
        table,
        fc.constantFrom(',', ';', '\t'),
        counted('round-trip', ([headers, rows], delimiter) => {
          const nonEmpty = rows.filter((r) => r.some((c) => c.trim() !== ''));
          const text = Papa.unparse([headers, ...rows], { delimiter, quotes: true });
          const parsed = parseTable(text, { hasHeader: true });
          expect(parsed.headers).toEqual(headers.map((h) => h.trim()));
          expect(parsed.rows.map((r) => r.cells)).toEqual(nonEmpty.map((r) => r.map((c) => c.trim())));
        }),
      ),
      { numRuns: 400 },
    );
  });
});

describe('phone normalisation (property)', () => {
  const typed = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.stringMatching(/^\+?[0-9 ().-]{0,18}$/),
    fc.tuple(fc.constantFrom('+1 415', '+33 6', '+44 20', '0033 6', '06', '(415)'), fc.stringMatching(/^[0-9 ]{4,10}$/)).map(([a, b]) => `${a} ${b}`),
  );
  it('never throws, accepts only E.164, and is idempotent', () => {
    fc.assert(
      fc.property(
        typed,
        fc.constantFrom(undefined, 'FR', 'US', 'GB'),
        counted('phone', (input, country) => {
          const r = normalisePhone(input, country as never);
          if (!r.ok) {
            expect(r.reason.length).toBeGreaterThan(3);
            return;
          }
          expect(E164.safeParse(r.e164).success, r.e164).toBe(true);
          expect(normalisePhone(r.e164, country as never)).toEqual(r);
        }),
      ),
      { numRuns: 800 },
    );
  });
});
