import { describe, expect, it, vi } from 'vitest';
import type { CallRow } from '../api/calls-source';
import { callsRowKey, type CallsSelection } from './row-keys';

const rows = ['a', 'b', 'c'].map((id) => ({ id }) as CallRow);

function setup(selectedId?: string) {
  const selection: CallsSelection = { selectedId, onSelect: vi.fn(), onMove: vi.fn(), onClose: vi.fn() };
  const open = vi.fn();
  const focused: number[] = [];
  const press = (key: string, at: number, mods: { ctrlKey?: boolean } = {}) =>
    callsRowKey(
      { key, altKey: false, ctrlKey: false, metaKey: false, ...mods },
      rows[at]!,
      at,
      (i) => {
        const to = Math.max(0, Math.min(rows.length - 1, i));
        focused.push(to);
        return rows[to];
      },
      selection,
      open,
    );
  return { selection, open, focused, press };
}

describe('the calls rows keys (callsRowKey)', () => {
  it('j/k and ↓/↑ move the focus and the selection follows; at the ends nothing moves', () => {
    const t = setup('a');
    expect(t.press('j', 0)).toBe(true);
    expect(t.selection.onMove).toHaveBeenLastCalledWith(rows[1]);
    expect(t.press('k', 1)).toBe(true);
    expect(t.selection.onMove).toHaveBeenLastCalledWith(rows[0]);
    expect(t.press('ArrowDown', 1)).toBe(true);
    expect(t.selection.onMove).toHaveBeenLastCalledWith(rows[2]);
    vi.mocked(t.selection.onMove).mockClear();
    t.press('j', 2);
    t.press('ArrowUp', 0);
    expect(t.selection.onMove).not.toHaveBeenCalled();
    expect(t.focused).toEqual([1, 0, 2, 2, 0]);
  });

  it('o opens the review (Enter stays the table’s, which opens it too); Space selects', () => {
    const t = setup();
    expect(t.press('o', 1)).toBe(true);
    expect(t.open).toHaveBeenCalledWith(rows[1]);
    expect(t.press(' ', 2)).toBe(true);
    expect(t.selection.onSelect).toHaveBeenCalledWith(rows[2]);
    expect(t.press('Enter', 2)).toBe(false);
  });

  it('Escape closes only while a call is selected; modified keys are the browser’s', () => {
    const none = setup();
    expect(none.press('Escape', 0)).toBe(false);
    expect(none.selection.onClose).not.toHaveBeenCalled();
    const t = setup('b');
    expect(t.press('Escape', 1)).toBe(true);
    expect(t.selection.onClose).toHaveBeenCalledTimes(1);
    expect(t.press('j', 0, { ctrlKey: true })).toBe(false);
    expect(t.focused).toEqual([]);
  });
});
