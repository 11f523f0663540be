import { Fragment, memo, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { SortDirection } from '@contract/queries.plain';
import { cn } from '@/lib/cn';
import { focusRing } from './styles';

export interface SortState {
  property: string;
  direction: SortDirection;
}

export interface Column<T> {
  /** Also the sort property when `sortable`. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right';
  className?: string;
  /** The cell names its row (a `th scope="row"`), e.g. the agent a row of figures is about. */
  rowHeader?: boolean;
}

export interface DataTableProps<T> {
  /** Names the table for assistive tech (visually hidden unless `showCaption`). */
  caption: ReactNode;
  showCaption?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  sort?: SortState;
  onSortChange?: (next: SortState) => void;
  /** Enter on a focused row (or a click on it) opens it. */
  onRowActivate?: (row: T) => void;
  /** What a focused row is called, e.g. the agent's name. */
  rowLabel?: (row: T) => string;
  /** `data-*` attributes of a row, for tests and tools that find rows by their id. */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** More about a row (a search hit), drawn across the table under it; not a stop of the row keys. */
  rowDetail?: (row: T) => ReactNode;
  /** Said in one row across the table when there is no row. */
  empty?: ReactNode;
  /**
   * `position`: the rows' elements are kept by their place, not their row's id, so another page of
   * rows updates the cells in place instead of removing every row and building new ones (the
   * calls list's "Next page"; ADR 0027). For tables whose rows hold no state of their own.
   */
  rowKeys?: 'id' | 'position';
  /** The row marked as selected (`aria-current`; its look is the caller's), e.g. the one a detail panel shows. */
  selectedId?: string;
  /** A click on a row (not on its links or buttons) does this instead of `onRowActivate`. */
  onRowClick?: (row: T) => void;
  /**
   * Keys of a row before the table's own: true when handled. `focusRow(i)` moves the focus to the
   * i-th row (kept within the rows) and answers that row.
   */
  onRowKey?: (event: KeyboardEvent<HTMLTableRowElement>, row: T, index: number, focusRow: (i: number) => T | undefined) => boolean;
}

/** Clicking a sorted column flips its direction; another column starts ascending. */
export function nextSort(current: SortState | undefined, property: string): SortState {
  if (current?.property === property) return { property, direction: current.direction === 'ASC' ? 'DESC' : 'ASC' };
  return { property, direction: 'ASC' };
}

const ARIA_SORT = { ASC: 'ascending', DESC: 'descending' } as const;

/**
 * A table with sortable headers (buttons that say their order) and row keyboard navigation: the
 * rows are one tab stop; Up/Down/Home/End move between them and Enter opens the focused one.
 */
export function DataTable<T>({
  caption,
  showCaption,
  columns,
  rows,
  getRowId,
  sort,
  onSortChange,
  onRowActivate,
  rowLabel,
  rowData,
  rowDetail,
  empty,
  rowKeys = 'id',
  selectedId,
  onRowClick,
  onRowKey,
}: DataTableProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  // The rows' handlers, as of the latest render: the rows read them when an event comes, so a row
  // is drawn again only when its own props change (see DataRow).
  const events = useRef<RowEvents<T>>({ keyDown: () => undefined, click: () => undefined });

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) {
    const focusRow = (i: number) => {
      const to = Math.max(0, Math.min(rows.length - 1, i));
      body.current?.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-row]')[to]?.focus();
      return rows[to];
    };
    if (event.target !== event.currentTarget) return;
    if (onRowKey?.(event, row, index, focusRow)) {
      event.preventDefault();
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        focusRow(index + 1);
        break;
      case 'ArrowUp':
        focusRow(index - 1);
        break;
      case 'Home':
        focusRow(0);
        break;
      case 'End':
        focusRow(rows.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (!onRowActivate) return;
        onRowActivate(row);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  useLayoutEffect(() => {
    events.current = {
      keyDown: onRowKeyDown,
      click: (row) => (onRowClick ?? onRowActivate)?.(row),
    };
  });

  return (
    // `relative`: the cells' sr-only texts (absolute) are placed and clipped in here; without it they
    // stood where the columns scrolled to, outside the page, and widened it on a phone.
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-800">
      <table className="w-full border-collapse text-sm">
        <caption className={cn(showCaption ? 'px-4 py-2 text-left font-medium' : 'sr-only')}>{caption}</caption>
        <thead className="bg-slate-50 text-left dark:bg-slate-900">
          <tr>
            {columns.map((col) => {
              const active = sort?.property === col.id ? sort.direction : undefined;
              return (
                <th
                  key={col.id}
                  scope="col"
                  aria-sort={col.sortable ? (active ? ARIA_SORT[active] : 'none') : undefined}
                  className={cn('px-4 py-2 font-semibold text-slate-700 dark:text-slate-300', col.align === 'right' && 'text-right', col.className)}
                >
                  {col.sortable && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(sort, col.id))}
                      className={cn('-mx-1 inline-flex items-center gap-1 rounded px-1 hover:text-slate-950 dark:hover:text-white', focusRing)}
                    >
                      {col.header}
                      <span aria-hidden="true" className="text-xs">
                        {active === 'ASC' ? '▲' : active === 'DESC' ? '▼' : '↕'}
                      </span>
                      <span className="sr-only">{active ? `, sorted ${ARIA_SORT[active]}` : ', sort'}</span>
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={body}>
          {rows.map((row, index) => (
            <DataRow
              key={rowKeys === 'position' ? index : getRowId(row)}
              row={row}
              index={index}
              columns={columns}
              selected={selectedId !== undefined && selectedId === getRowId(row)}
              interactive={onRowActivate !== undefined}
              rowLabel={rowLabel}
              rowData={rowData}
              rowDetail={rowDetail}
              events={events}
            />
          ))}
          {rows.length === 0 && empty ? (
            <tr className="border-t border-slate-200 dark:border-slate-800">
              <td colSpan={columns.length} className="px-4 py-2.5">
                {empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}

interface RowEvents<T> {
  keyDown: (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => void;
  click: (row: T) => void;
}

interface DataRowProps<T> extends Pick<DataTableProps<T>, 'columns' | 'rowLabel' | 'rowData' | 'rowDetail'> {
  row: T;
  index: number;
  selected: boolean;
  /** The row opens (Enter, a click): a tab stop with the row keys and a label. */
  interactive: boolean;
  events: RefObject<RowEvents<T>>;
}

/**
 * One row (and its detail line), drawn again only when its own props change: moving the selection
 * redraws the two rows it leaves and reaches, not every row's cells (the calls list formatted every
 * row's times again at each `j`).
 */
const DataRow = memo(function DataRow<T>({ row, index, columns, selected, interactive, rowLabel, rowData, rowDetail, events }: DataRowProps<T>) {
  const detail = rowDetail?.(row);
  return (
    <Fragment>
      <tr
        data-row=""
        {...rowData?.(row)}
        tabIndex={interactive ? (index === 0 ? 0 : -1) : undefined}
        aria-label={interactive && rowLabel ? rowLabel(row) : undefined}
        aria-current={selected ? 'true' : undefined}
        onKeyDown={interactive ? (e) => events.current.keyDown(e, index, row) : undefined}
        onClick={
          interactive
            ? (e) => {
                // Links and buttons inside the row do their own thing.
                if ((e.target as HTMLElement).closest('a,button,input,select,textarea')) return;
                events.current.click(row);
              }
            : undefined
        }
        className={cn(
          'border-t border-slate-200 dark:border-slate-800',
          interactive && 'cursor-pointer hover:bg-slate-50 focus-visible:bg-blue-50 dark:hover:bg-slate-900 dark:focus-visible:bg-slate-800',
          interactive && 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:focus-visible:outline-blue-400',
        )}
      >
        {columns.map((col) => {
          const Cell = col.rowHeader ? 'th' : 'td';
          return (
            <Cell
              key={col.id}
              scope={col.rowHeader ? 'row' : undefined}
              className={cn(
                'px-4 py-2.5 align-middle',
                col.rowHeader && 'text-left font-medium',
                col.align === 'right' && 'text-right tabular-nums',
                col.className,
              )}
            >
              {col.cell(row)}
            </Cell>
          );
        })}
      </tr>
      {detail ? (
        <tr className="bg-slate-50/60 dark:bg-slate-900/60">
          <td colSpan={columns.length} className="px-4 pb-2.5">
            {detail}
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}) as <T>(props: DataRowProps<T> & { key?: string | number }) => ReactNode;
