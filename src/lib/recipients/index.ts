/**
 * Recipient import shared by placing bulk calls (features/calls) and the campaign wizard
 * (features/campaigns). Pure functions, no React, no network.
 *
 *   const table = parseTable(text);                       // CSV file text or pasted lines
 *   const mapping = guessMapping(table, 'FR');            // which column is phone / tags / context
 *   mappingProblems(mapping);                             // [] when it can be applied
 *   const { recipients, problems, duplicates } = buildRecipients(table, mapping, { defaultCountry: 'FR', max });
 *   chunk(recipients);                                    // requests of ≤ LIMITS.bulkRecipients.max
 *
 * - parseTable: papaparse with delimiter detection (, ; tab |), quoted fields, BOM stripped, a
 *   header guessed when the first row has no phone-like cell (force it with { hasHeader }).
 *   Each row keeps its source `line` (1-based, header = line 1) for messages.
 * - guessMapping / ColumnMapping: one role per column ('phone' | 'tags' | 'context' | 'ignore')
 *   and a context variable name per column (the header by default). Tag cells split on , ; |.
 * - buildRecipients: phones normalised to E.164 against the default country; impossible numbers,
 *   duplicates (first occurrence kept) and rows past `max` (default LIMITS.bulkRecipients.max)
 *   become RowProblem { line, kind, phone, reason }. Recipients match contract Recipient.
 * - normalisePhone(input, defaultCountry) → { ok, e164 } | { ok: false, reason } and
 *   guessDefaultCountry(): import them from '@/lib/recipients/phone' where papaparse is not wanted
 *   (this index pulls papaparse in).
 */
export { parseTable, type ParsedTable, type ParsedRow, type ParseOptions } from './parse-table';
export { guessMapping, mappingProblems, contextKey, type ColumnMapping, type ColumnRole } from './mapping';
export { buildRecipients, chunk, type BuiltRecipients, type RowProblem, type ProblemKind, type BuildOptions } from './build-recipients';
export { normalisePhone, guessDefaultCountry, isCountryCode, type PhoneResult, type CountryCode } from './phone';
