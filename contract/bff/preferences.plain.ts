/**
 * The calls table's preferences without zod (the list's first chunk reads them): its columns, which
 * of them show by default, and its densities. `preferences.ts` builds the schemas on these.
 */

/** Every column the calls table can show, in the table's order. `startTime` (the link to the call) always shows. */
export const CALLS_COLUMNS = ['startTime', 'phone', 'agent', 'type', 'status', 'duration', 'endTime', 'recorded', 'tags', 'summary'] as const;
export type CallsColumn = (typeof CALLS_COLUMNS)[number];

/** The column that names the row and links to its call: never hidden. */
export const CALLS_FIXED_COLUMN: CallsColumn = 'startTime';

/** The table as it has always been: these eight columns (End and Summary are optional, off by default). */
export const DEFAULT_CALLS_COLUMNS: readonly CallsColumn[] = ['startTime', 'phone', 'agent', 'type', 'status', 'duration', 'recorded', 'tags'];

/** `comfortable`: the rows as they have always been; `compact`: less padding, more rows on screen. */
export const CALLS_DENSITIES = ['comfortable', 'compact'] as const;
export type CallsDensity = (typeof CALLS_DENSITIES)[number];

export interface CallsTablePreferences {
  /** The columns shown, in the table's order (always with `startTime`). */
  columns: CallsColumn[];
  density: CallsDensity;
}

export const DEFAULT_CALLS_TABLE: CallsTablePreferences = { columns: [...DEFAULT_CALLS_COLUMNS], density: 'comfortable' };

/** The columns to show, in the table's order, whatever order or repeats a stored list has; the fixed one always. */
export function visibleCallsColumns(prefs: CallsTablePreferences | null | undefined): CallsColumn[] {
  const chosen = new Set<CallsColumn>(prefs?.columns ?? DEFAULT_CALLS_COLUMNS);
  chosen.add(CALLS_FIXED_COLUMN);
  return CALLS_COLUMNS.filter((c) => chosen.has(c));
}
