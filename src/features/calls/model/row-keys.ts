/**
 * The calls list's row keys beyond the table's own (↓/↑/Home/End move, Enter opens). Pure; loaded
 * with the panel's code (call-panel.tsx hands it to the table), not in the list's first load. No
 * React but its event's type.
 */
import type { KeyboardEvent } from 'react';
import type { CallRow } from '../api/calls-source';

export type RowKey = typeof callsRowKey;

/** The detail panel's selection, as the table drives it. */
export interface CallsSelection {
  selectedId?: string;
  /** A click or Space on a row. */
  onSelect: (call: CallRow) => void;
  /** The focus moved to this row by a key (j/k, ↓/↑): the selection follows it while the panel is open. */
  onMove: (call: CallRow) => void;
  /** Escape on a row while one is selected. */
  onClose: () => void;
}

/**
 * The rows' keys beyond the table's own (↓/↑/Home/End move, Enter opens): j/k move like ↓/↑ and the
 * selection follows, o opens the review as Enter does, Space selects, Escape closes the panel.
 * Modified keys are the browser's. True when handled.
 */
export function callsRowKey(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>,
  call: CallRow,
  index: number,
  focusRow: (i: number) => CallRow | undefined,
  selection: CallsSelection,
  open: (call: CallRow) => void,
): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const move = (delta: number) => {
    const to = focusRow(index + delta);
    if (to && to !== call) selection.onMove(to);
    return true;
  };
  switch (event.key) {
    case 'j':
    case 'ArrowDown':
      return move(1);
    case 'k':
    case 'ArrowUp':
      return move(-1);
    case 'o':
      open(call);
      return true;
    case ' ':
      selection.onSelect(call);
      return true;
    case 'Escape':
      if (selection.selectedId === undefined) return false;
      selection.onClose();
      return true;
    default:
      return false;
  }
}
