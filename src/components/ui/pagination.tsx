import { type RefObject, useLayoutEffect, useRef } from 'react';
import { Button } from './button';
import type { PageMeta } from '@contract/schemas/page';
import { Select } from './select';

export interface PaginationProps {
  /**
   * The page envelope the list answered with (pages are 1-based). While another page is read over
   * the rows kept on screen, give it the page asked for (`{ ...data, page }`): a second "Next page"
   * then goes on from the page the person chose last, not from the one still shown.
   */
  of: PageMeta;
  /** Another page, or another size (then back to page 1). */
  onChange: (next: { page: number; size?: number }) => void;
  /** Offer these page sizes (leave out to hide the size choice). */
  sizes?: readonly number[];
  /** What the rows are, for "41–60 of 212 agents". */
  noun?: string;
  /** Says what the range covers instead of "41–60 of 212 agents", when the envelope's figures are not the rows'. */
  summary?: string;
  /** The total is a lower bound (a count that stopped at a cap): "of 10,000+", and the next page stays open. */
  atLeast?: boolean;
}

/** "41–60 of 212": the range shown, from a page envelope. */
export function pageRange(page: number, size: number, totalElements: number): { from: number; to: number } {
  if (totalElements === 0) return { from: 0, to: 0 };
  const from = (page - 1) * size + 1;
  return { from: Math.min(from, totalElements), to: Math.min(page * size, totalElements) };
}

/** The one pager of the app: the range shown, first/previous/next/last, and the page size when offered. */
export function Pagination({ of: { page, totalPages, totalElements, size }, onChange, sizes, noun = 'items', summary, atLeast = false }: PaginationProps) {
  const onPageChange = (next: number) => onChange({ page: next });
  const { from, to } = pageRange(page, size, totalElements);
  const last = Math.max(1, totalPages);
  const nav = useRef<HTMLElement>(null);
  usePagerFocus(nav, page, last);
  return (
    <nav ref={nav} aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-700 dark:text-slate-300">
        {summary ?? (totalElements === 0 ? `No ${noun}` : `${from}–${to} of ${totalElements}${atLeast ? '+' : ''} ${noun}`)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {sizes ? (
          <label className="flex items-center gap-2 whitespace-nowrap text-slate-700 dark:text-slate-300">
            Rows per page
            {/* A native select: light on list pages, and every platform's own accessible picker. */}
            <Select
              value={String(size)}
              onValueChange={(next) => onChange({ page: 1, size: Number(next) })}
              options={[...new Set([...sizes, size])].sort((a, b) => a - b).map((s) => ({ value: String(s), label: String(s) }))}
              className="h-8! w-20! px-2!"
            />
          </label>
        ) : null}
        <Button size="sm" onClick={() => onPageChange(1)} disabled={page <= 1} aria-label="First page" data-pager="first">
          «
        </Button>
        <Button size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} data-pager="previous">
          Previous page
        </Button>
        <span className="px-1 whitespace-nowrap tabular-nums">
          Page {Math.min(page, last)} of {last}
          {atLeast ? '+' : ''}
        </span>
        <Button size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= last && !atLeast} data-pager="next">
          Next page
        </Button>
        <Button size="sm" onClick={() => onPageChange(last)} disabled={page >= last} aria-label="Last page" data-pager="last">
          »
        </Button>
      </div>
    </nav>
  );
}

/** Where the focus goes when the pager button that has it becomes disabled. */
const FOCUS_INSTEAD: Record<string, string> = { first: 'next', previous: 'next', next: 'previous', last: 'previous' };

/**
 * A pager button that has the focus and becomes disabled (the last page reached with "Next page" or
 * "»", the first with "Previous page" or "«") would drop the focus to the page: the browser takes it
 * from a disabled control, and the next Tab starts over from the top. It goes instead to the button
 * that leads the other way, "Previous page" or "Next page". A layout effect runs before the browser
 * looks again, so the disabled button still has the focus there.
 */
function usePagerFocus(nav: RefObject<HTMLElement | null>, page: number, last: number) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLButtonElement) || !active.disabled || !nav.current?.contains(active)) return;
    nav.current.querySelector<HTMLButtonElement>(`[data-pager="${FOCUS_INSTEAD[active.dataset.pager ?? '']}"]:not(:disabled)`)?.focus();
  }, [nav, page, last]);
}
