import { Menu } from '@base-ui/react/menu';
import { useRef, type RefObject } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { popupSurface } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { FILTERS, type FilterId } from '../../model/filter-bar';

/** "+ Add filter": every filter of the bar, the index's marked so. */
export function AddFilter({ addRef, onChoose }: { addRef: RefObject<HTMLButtonElement | null>; onChoose: (id: FilterId) => void }) {
  // A filter chosen opens its chip's popover, which takes the focus: the menu does not take it back.
  const chosen = useRef(false);
  return (
    <Menu.Root onOpenChange={(next) => void (next && (chosen.current = false))}>
      <Menu.Trigger ref={addRef} className={buttonClasses('secondary', 'sm')}>
        + Add filter
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner sideOffset={4} align="start" className="z-50">
          <Menu.Popup finalFocus={() => !chosen.current} className={cn(popupSurface, 'max-h-[var(--available-height)] overflow-y-auto py-1')}>
            {FILTERS.map((f) => (
              <Menu.Item
                key={f.id}
                onClick={() => {
                  chosen.current = f.id !== 'q';
                  // After the menu has closed, so the popover opens on its own chip.
                  setTimeout(() => onChoose(f.id), 0);
                }}
                className="flex cursor-default items-center justify-between gap-6 px-3 py-1.5 text-sm outline-none select-none data-highlighted:bg-blue-50 data-highlighted:text-blue-950 dark:data-highlighted:bg-blue-950 dark:data-highlighted:text-blue-50"
              >
                {f.label}
                {f.index ? <span className="text-xs text-slate-600 dark:text-slate-400">call index</span> : null}
              </Menu.Item>
            ))}
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}
