import { AlertDialog } from '@base-ui/react/alert-dialog';
import { type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { buttonClasses } from './button';
import { popupSurface } from './styles';

export interface ConfirmDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger style. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
}

/**
 * Asks before an action that is hard to undo. role="alertdialog"; focus starts on Cancel, so a
 * stray Enter never confirms.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange ? (next) => onOpenChange(next) : undefined}>
      {trigger ? <AlertDialog.Trigger render={trigger} /> : null}
      <AlertDialog.Portal>
        <AlertDialog.Backdrop className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Popup className={cn(popupSurface, 'fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 p-6')}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700 dark:text-slate-300">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Close className={buttonClasses('secondary')}>{cancelLabel}</AlertDialog.Close>
            <button type="button" disabled={pending} className={buttonClasses(destructive ? 'danger' : 'primary')} onClick={onConfirm}>
              {pending ? 'Working…' : confirmLabel}
            </button>
          </div>
        </AlertDialog.Popup>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
