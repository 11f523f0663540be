/**
 * A user's console preferences, kept by the BFF per user (GET/PUT /bff/preferences).
 *
 * `timeZone`: the IANA zone every time in the console is shown in, and date filters mean days
 * in; `null` means "the browser's own zone" (the default, so a new user sees local times).
 * `callsTable`: the calls list's columns and density (ADR 0052); the defaults are the table as it
 * has always been (`preferences.plain.ts`).
 */
import { z } from 'zod';
import { isIanaZone } from '../timezone';
import { CALLS_COLUMNS, CALLS_DENSITIES, CALLS_FIXED_COLUMN, DEFAULT_CALLS_TABLE } from './preferences.plain';

export { CALLS_COLUMNS, CALLS_DENSITIES, DEFAULT_CALLS_TABLE } from './preferences.plain';
export type { CallsColumn, CallsDensity, CallsTablePreferences } from './preferences.plain';

export const DisplayTimeZone = z.string().max(64).refine(isIanaZone, { error: 'Choose a time zone from the list (an IANA name such as Europe/Paris).' });

export const CallsTablePrefs = z.strictObject({
  columns: z
    .array(z.enum(CALLS_COLUMNS))
    .max(CALLS_COLUMNS.length)
    .refine((cols) => new Set(cols).size === cols.length, { error: 'Name each column once.' })
    .refine((cols) => cols.includes(CALLS_FIXED_COLUMN), { error: 'The Start column always shows.' }),
  density: z.enum(CALLS_DENSITIES),
});

export const Preferences = z.object({ timeZone: DisplayTimeZone.nullable(), callsTable: CallsTablePrefs });
export type Preferences = z.infer<typeof Preferences>;

/**
 * PUT /bff/preferences body: any of the preferences; one left out is kept as it is (a zone change
 * does not reset the table, and the other way round). The answer is the whole object.
 */
export const PreferencesBody = z
  .strictObject({ timeZone: DisplayTimeZone.nullable().optional(), callsTable: CallsTablePrefs.optional() })
  .refine((body) => body.timeZone !== undefined || body.callsTable !== undefined, { error: 'Send at least one preference.' });
export type PreferencesBody = z.infer<typeof PreferencesBody>;

export const DEFAULT_PREFERENCES: Preferences = { timeZone: null, callsTable: DEFAULT_CALLS_TABLE };
