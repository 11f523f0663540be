// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
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
