/**
 * The calls table's column chooser and density, in one small dialog (the console's Dialog): a checkbox per column
 * (Start always shows: it names the row and links to the call) and Comfortable / Compact. Each
 * change is shown at once and kept for the user by the BFF (preferences). Loaded once the rows are
 * on screen, like the filters.
 */
import { useState } from 'react';
import {
  CALLS_COLUMNS,
  CALLS_DENSITIES,
  CALLS_FIXED_COLUMN,
  visibleCallsColumns,
  type CallsColumn,
  type CallsDensity,
  type CallsTablePreferences,
} from '@contract/bff/preferences.plain';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useCallsTablePreferences } from '../api/table-preferences';
import { useSetCallsTablePreferences } from '../api/table-preferences-mutation';

/** The columns the table shows, as the header names them (the column chooser's labels). */
export const CALLS_COLUMN_LABELS: Record<CallsColumn, string> = {
  startTime: 'Start',
  phone: 'Phone',
  agent: 'Agent',
  type: 'Type',
  status: 'Status',
  duration: 'Duration',
  endTime: 'End',
  recorded: 'Recorded',
  tags: 'Tags',
  summary: 'Summary',
};

const DENSITY_LABELS: Record<CallsDensity, string> = { comfortable: 'Comfortable', compact: 'Compact' };

export function TableSettings() {
  const kept = useCallsTablePreferences();
  const keep = useSetCallsTablePreferences();
  // The choice just made, drawn in the same click: the preferences query tells its readers a tick
  // later, and a controlled checkbox or radio would spring back until then. It stands only while
  // the query still holds what it was made from.
  const [chosen, setChosen] = useState<{ from: CallsTablePreferences; to: CallsTablePreferences } | null>(null);
  const prefs = chosen?.from === kept ? chosen.to : kept;
  const visible = visibleCallsColumns(prefs);

  function save(next: CallsTablePreferences) {
    setChosen({ from: kept, to: next });
    keep(next);
  }

  function toggle(column: (typeof CALLS_COLUMNS)[number], on: boolean) {
    const next = new Set(visible);
    if (on) next.add(column);
    else next.delete(column);
    save({ ...prefs, columns: CALLS_COLUMNS.filter((c) => next.has(c)) });
  }

  return (
    <Dialog
      title="Table settings"
      description="Which columns the calls table shows, and how tall its rows are. Kept for you on every browser."
      trigger={
        <Button size="sm">
          Columns and density
          <span className="sr-only">{`: ${visible.length} of ${CALLS_COLUMNS.length} columns shown, ${DENSITY_LABELS[prefs.density].toLowerCase()} rows`}</span>
        </Button>
      }
    >
      <div className="text-sm">
        <fieldset className="mt-3">
          <legend className="font-medium">Columns</legend>
          <ul className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
            {CALLS_COLUMNS.map((column) => (
              <li key={column}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={visible.includes(column)}
                    disabled={column === CALLS_FIXED_COLUMN}
                    onChange={(e) => toggle(column, e.currentTarget.checked)}
                  />
                  {CALLS_COLUMN_LABELS[column]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="mt-3">
          <legend className="font-medium">Density</legend>
          <div className="mt-1 flex gap-4">
            {CALLS_DENSITIES.map((density) => (
              <label key={density} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="calls-density"
                  value={density}
                  checked={prefs.density === density}
                  onChange={() => save({ ...prefs, columns: visible, density })}
                />
                {DENSITY_LABELS[density]}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
    </Dialog>
  );
}
