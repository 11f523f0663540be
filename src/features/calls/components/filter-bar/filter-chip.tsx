import { Popover } from '@base-ui/react/popover';
import type { ReactNode } from 'react';
import { SEARCH_FILTERS } from '@contract/bff/index.plain';
import { focusRing, popupSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { filterDef, type FilterId } from '../../model/filter-bar';
import type { CallsSearch } from '../../model/search-params';

const chipClass =
  'inline-flex h-8 items-center rounded-full border border-slate-300 bg-white text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={`Remove filter ${label}`}
      onClick={onClick}
      className={cn(
        'mr-1 flex size-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        focusRing,
      )}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** One filter's chip: its text opens its popover (the editor, `children`), × removes it; a draft (just added) is dashed, without ×. */
export function FilterChip({
  id,
  text,
  open,
  onOpenChange,
  draft,
  finalFocus,
  onRemove,
  children,
}: {
  id: FilterId;
  text: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: boolean;
  finalFocus: () => HTMLElement | null | true;
  onRemove: () => void;
  children: ReactNode;
}) {
  const label = filterDef(id).label;
  return (
    <span className={cn(chipClass, draft && 'border-dashed')} data-filter={id}>
      <Popover.Root open={open} onOpenChange={(next) => onOpenChange(next)}>
        <Popover.Trigger className={cn('h-full max-w-80 truncate rounded-full px-2.5 text-left', draft ? '' : 'pr-1', focusRing)}>{text}</Popover.Trigger>
        <Popover.Portal>
          <Popover.Positioner sideOffset={6} align="start" className="z-50">
            <Popover.Popup finalFocus={finalFocus} className={cn(popupSurface, 'w-[min(24rem,var(--available-width))] p-3')}>
              <Popover.Title className="mb-2 text-sm font-semibold">{draft ? `Add filter: ${label}` : `Filter: ${label}`}</Popover.Title>
              {children}
            </Popover.Popup>
          </Popover.Positioner>
        </Popover.Portal>
      </Popover.Root>
      {draft ? null : <RemoveButton label={label} onClick={onRemove} />}
    </span>
  );
}

function windowText(search: CallsSearch): string {
  const time = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '…');
  return `${time(search.startedFrom)} – ${time(search.startedBefore)} UTC`;
}

/** The hour window an Insights bar pins: its own chip, which only removes it. */
export function WindowChip({ search, onRemove }: { search: CallsSearch; onRemove: () => void }) {
  const { label } = SEARCH_FILTERS.window;
  return (
    <span className={chipClass}>
      <span className="px-2.5">{`${label}: ${windowText(search)}`}</span>
      <RemoveButton label={label} onClick={onRemove} />
    </span>
  );
}
