import { Button } from './button';
import { Select } from './select';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  totalElements: number;
  size: number;
  onPageChange: (page: number) => void;
  /** Offer these page sizes (leave out to hide the size choice). */
  sizes?: readonly number[];
  onSizeChange?: (size: number) => void;
  /** What the rows are, for "41–60 of 212 agents". */
  noun?: string;
}

/** "41–60 of 212": the range shown, from a page envelope. */
export function pageRange(page: number, size: number, totalElements: number): { from: number; to: number } {
  if (totalElements === 0) return { from: 0, to: 0 };
  const from = (page - 1) * size + 1;
  return { from: Math.min(from, totalElements), to: Math.min(page * size, totalElements) };
}

export function Pagination({ page, totalPages, totalElements, size, onPageChange, sizes, onSizeChange, noun = 'items' }: PaginationProps) {
  const { from, to } = pageRange(page, size, totalElements);
  const last = Math.max(1, totalPages);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {totalElements === 0 ? `No ${noun}` : `${from}–${to} of ${totalElements} ${noun}`}
      </p>
      <div className="flex items-center gap-2">
        {sizes && onSizeChange ? (
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="text-slate-700 dark:text-slate-300">
              Rows per page
            </span>
            <Select
              aria-label="Rows per page"
              value={String(size)}
              options={sizes.map((s) => ({ value: String(s), label: String(s) }))}
              onValueChange={(v) => onSizeChange(Number(v))}
              className="h-8 min-w-20"
            />
          </div>
        ) : null}
        <Button size="sm" onClick={() => onPageChange(1)} disabled={page <= 1} aria-label="First page">
          «
        </Button>
        <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <span className="px-1 tabular-nums">
          Page {Math.min(page, last)} of {last}
        </span>
        <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= last}>
          Next
        </Button>
        <Button size="sm" onClick={() => onPageChange(last)} disabled={page >= last} aria-label="Last page">
          »
        </Button>
      </div>
    </nav>
  );
}
