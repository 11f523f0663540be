import { Button } from './button';
import { controlBase } from './styles';
import { cn } from '@/lib/cn';

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
          <label className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
            Rows per page
            {/* A native select: light on list pages, and every platform's own accessible picker. */}
            <select value={size} onChange={(e) => onSizeChange(Number(e.target.value))} className={cn(controlBase, 'h-8 w-20 px-2')}>
              {[...new Set([...sizes, size])]
                .sort((a, b) => a - b)
                .map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
            </select>
          </label>
        ) : null}
        <Button size="sm" onClick={() => onPageChange(1)} disabled={page <= 1} aria-label="First page">
          «
        </Button>
        <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous page
        </Button>
        <span className="px-1 tabular-nums">
          Page {Math.min(page, last)} of {last}
        </span>
        <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= last}>
          Next page
        </Button>
        <Button size="sm" onClick={() => onPageChange(last)} disabled={page >= last} aria-label="Last page">
          »
        </Button>
      </div>
    </nav>
  );
}
