import { describe, expect, it } from 'vitest';
import { CallsTablePrefs, DEFAULT_PREFERENCES, PreferencesBody } from './preferences';
import { DEFAULT_CALLS_COLUMNS, visibleCallsColumns } from './preferences.plain';

describe('the calls table preferences', () => {
  it('default to the table as it has always been: its eight columns, comfortable rows', () => {
    expect(DEFAULT_PREFERENCES.callsTable).toEqual({
      columns: ['startTime', 'phone', 'agent', 'type', 'status', 'duration', 'recorded', 'tags'],
      density: 'comfortable',
    });
    expect(CallsTablePrefs.parse(DEFAULT_PREFERENCES.callsTable)).toEqual(DEFAULT_PREFERENCES.callsTable);
    expect(visibleCallsColumns(undefined)).toEqual([...DEFAULT_CALLS_COLUMNS]);
  });

  it('show the chosen columns in the table order, Start always', () => {
    expect(visibleCallsColumns({ columns: ['summary', 'startTime', 'status'], density: 'compact' })).toEqual(['startTime', 'status', 'summary']);
    expect(visibleCallsColumns({ columns: ['status'], density: 'compact' })).toEqual(['startTime', 'status']);
  });

  it('refuse an unknown column or density, a repeat, a table without Start, unknown keys', () => {
    const bad = [
      { columns: ['startTime', 'nope'], density: 'compact' },
      { columns: ['startTime'], density: 'dense' },
      { columns: ['startTime', 'tags', 'tags'], density: 'compact' },
      { columns: ['tags'], density: 'compact' },
      { columns: ['startTime'], density: 'compact', extra: true },
    ];
    for (const table of bad) expect(CallsTablePrefs.safeParse(table).success, JSON.stringify(table)).toBe(false);
  });

  it('a PUT body may give either preference alone, not neither', () => {
    expect(PreferencesBody.safeParse({ timeZone: 'Europe/Paris' }).success).toBe(true);
    expect(PreferencesBody.safeParse({ callsTable: { columns: ['startTime'], density: 'compact' } }).success).toBe(true);
    expect(PreferencesBody.safeParse({}).success).toBe(false);
  });
});
