import { Tooltip as BaseTooltip } from '@base-ui/react/tooltip';
import { type ReactElement, type ReactNode } from 'react';

/**
 * A hint on hover and focus. `children` is the trigger element (a button or link); the hint is
 * extra, never the only place information lives.
 */
export function Tooltip({ content, children, delay = 400 }: { content: ReactNode; children: ReactElement; delay?: number }) {
  return (
    <BaseTooltip.Root>
      <BaseTooltip.Trigger delay={delay} render={children} />
      <BaseTooltip.Portal>
        <BaseTooltip.Positioner sideOffset={6} className="z-50">
          <BaseTooltip.Popup className="max-w-xs rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow transition-opacity data-ending-style:opacity-0 data-starting-style:opacity-0 dark:bg-slate-100 dark:text-slate-900">
            {content}
          </BaseTooltip.Popup>
        </BaseTooltip.Positioner>
      </BaseTooltip.Portal>
    </BaseTooltip.Root>
  );
}
