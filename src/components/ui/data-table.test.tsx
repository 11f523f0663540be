// @vitest-environment jsdom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type Column } from './data-table';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
}
const columns: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (r) => r.name }];
const page = (from: number) => Array.from({ length: 5 }, (_, i) => ({ id: `r${from + i}`, name: `Row ${from + i}` }));

function rowsOf(container: HTMLElement) {
  return [...container.querySelectorAll('tbody tr')];
}

it('by default, another set of rows gets elements of its own (rows keyed by id)', () => {
  const { container, rerender } = render(<DataTable caption="t" columns={columns} rows={page(0)} getRowId={(r) => r.id} />);
  const before = rowsOf(container);
  rerender(<DataTable caption="t" columns={columns} rows={page(5)} getRowId={(r) => r.id} />);
  expect(rowsOf(container).some((tr) => before.includes(tr))).toBe(false);
});

it('`rowKeys="position"`: the next page updates the same row elements in place', () => {
  const { container, rerender } = render(<DataTable caption="t" columns={columns} rows={page(0)} getRowId={(r) => r.id} rowKeys="position" />);
  const before = rowsOf(container);
  rerender(<DataTable caption="t" columns={columns} rows={page(5)} getRowId={(r) => r.id} rowKeys="position" />);
  const after = rowsOf(container);
  expect(after).toEqual(before);
  expect(after.every((tr, i) => tr === before[i])).toBe(true);
  expect(after.map((tr) => tr.textContent)).toEqual(['Row 5', 'Row 6', 'Row 7', 'Row 8', 'Row 9']);
  // Fewer rows: the rest go.
  rerender(<DataTable caption="t" columns={columns} rows={page(10).slice(0, 2)} getRowId={(r) => r.id} rowKeys="position" />);
  expect(rowsOf(container).map((tr) => tr.textContent)).toEqual(['Row 10', 'Row 11']);
});

describe('a selection beside the activation (the calls list with its panel)', () => {
  it('onRowClick takes the click instead of onRowActivate; Enter still activates; the selected row is marked', () => {
    const click = vi.fn();
    const activate = vi.fn();
    const { container } = render(
      <DataTable caption="t" columns={columns} rows={page(0)} getRowId={(r) => r.id} onRowActivate={activate} onRowClick={click} selectedId="r3" />,
    );
    const rows = rowsOf(container) as HTMLElement[];
    fireEvent.click(rows[1]!.querySelector('td')!);
    expect(click).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r1' }));
    expect(activate).not.toHaveBeenCalled();
    fireEvent.keyDown(rows[2]!, { key: 'Enter' });
    expect(activate).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'r2' }));
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, null, null, 'true', null]);
  });

  it('onRowKey sees every key first, with a focusRow that moves the focus within the rows', () => {
    const activate = vi.fn();
    const seen: string[] = [];
    const { container } = render(
      <DataTable
        caption="t"
        columns={columns}
        rows={page(0)}
        getRowId={(r) => r.id}
        onRowActivate={activate}
        onRowKey={(event, row, index, focusRow) => {
          if (event.key !== 'j') return false;
          seen.push(`${row.id}→${focusRow(index + 1)?.id}`);
          return true;
        }}
      />,
    );
    const rows = rowsOf(container) as HTMLElement[];
    fireEvent.keyDown(rows[0]!, { key: 'j' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[4]!, { key: 'j' });
    expect(seen).toEqual(['r0→r1', 'r4→r4']);
    fireEvent.keyDown(rows[1]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: ' ' });
    expect(activate).toHaveBeenCalledTimes(1);
  });

  // The calls list formatted every row's times again at each `j` (its rows' cells all drawn again):
  // at 4x CPU, j to the next row's panel took 138 ms at the median, 82 ms with only two rows drawn.
  it('moving the selection draws again the two rows it leaves and reaches, not every row; handlers given later still answer', () => {
    const cell = vi.fn((r: Row) => r.name);
    const counted: Column<Row>[] = [{ id: 'name', header: 'Name', cell }];
    const rows = page(0);
    const getRowId = (r: Row) => r.id;
    const first = vi.fn();
    const later = vi.fn();
    const table = (selectedId: string, onRowClick: (row: Row) => void) => (
      <DataTable caption="t" columns={counted} rows={rows} getRowId={getRowId} onRowActivate={vi.fn()} onRowClick={onRowClick} selectedId={selectedId} />
    );
    const { container, rerender } = render(table('r1', first));
    expect(cell).toHaveBeenCalledTimes(5);
    cell.mockClear();
    rerender(table('r2', later));
    expect(cell.mock.calls.map(([r]) => r.id).sort()).toEqual(['r1', 'r2']);
    expect((rowsOf(container) as HTMLElement[]).map((r) => r.getAttribute('aria-current'))).toEqual([null, null, 'true', null, null]);
    fireEvent.click(rowsOf(container)[4]!.querySelector('td')!);
    expect(later).toHaveBeenLastCalledWith(rows[4]);
    expect(first).not.toHaveBeenCalled();
  });
});
