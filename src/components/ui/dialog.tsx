import { Dialog as BaseDialog } from '@base-ui/react/dialog';
import { type ReactElement, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { focusRing, popupSurface } from './styles';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered as the trigger). */
  trigger?: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Where focus goes on close when the dialog has no trigger of its own (default: where it was). */
  finalFocus?: RefObject<HTMLElement | null>;
}

/** A modal dialog: focus moves in and is trapped, Escape closes, focus returns to the trigger. */
export function Dialog({ open, onOpenChange, trigger, title, description, children, className, finalFocus }: DialogProps) {
  return (
    <BaseDialog.Root open={open} onOpenChange={onOpenChange ? (next) => onOpenChange(next) : undefined}>
      {trigger ? <BaseDialog.Trigger render={trigger} /> : null}
      <BaseDialog.Portal>
        <BaseDialog.Backdrop className="fixed inset-0 z-40 bg-black/40 transition-opacity data-ending-style:opacity-0 data-starting-style:opacity-0" />
        <BaseDialog.Popup
          finalFocus={finalFocus}
          className={cn(
            popupSurface,
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-4rem)] w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-auto p-6',
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <BaseDialog.Title className="text-lg font-semibold">{title}</BaseDialog.Title>
            <BaseDialog.Close aria-label="Close" className={cn('rounded px-1.5 text-lg leading-none hover:bg-slate-100 dark:hover:bg-slate-800', focusRing)}>
              ✕
            </BaseDialog.Close>
          </div>
          {description ? <BaseDialog.Description className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</BaseDialog.Description> : null}
          <div className="mt-4">{children}</div>
        </BaseDialog.Popup>
      </BaseDialog.Portal>
    </BaseDialog.Root>
  );
}
