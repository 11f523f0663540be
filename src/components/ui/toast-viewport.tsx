import { Toast } from '@base-ui/react/toast';
import { useEffect } from 'react';
import { cn } from '@/lib/cn';
import { focusRing } from './styles';

/** One manager for the app, so toasts can be raised from anywhere (mutation callbacks too). */
export const manager = Toast.createToastManager();

let markListening: () => void = () => {};
/**
 * Settles once the provider listens to `manager`. The manager keeps nothing for a provider that
 * is not there yet, so a toast raised before then (a save that fails right after a cold load)
 * would be lost; `toast.*` waits for this instead.
 */
export const listening = new Promise<void>((resolve) => {
  markListening = resolve;
});

function ToastList() {
  const { toasts } = Toast.useToastManager();
  return toasts.map((t) => (
    <Toast.Root
      key={t.id}
      toast={t}
      className={cn(
        'rounded-lg border p-3 shadow-lg transition-opacity data-ending-style:opacity-0 data-limited:hidden data-starting-style:opacity-0',
        t.type === 'error'
          ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
          : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
      )}
    >
      <Toast.Content className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <Toast.Title className="text-sm font-semibold" />
          <Toast.Description className="text-sm" />
        </div>
        {/* Base UI hides the close from assistive technology until the stack is expanded, yet keeps it in
            the tab order (axe's aria-hidden-focus): a button that takes the focus is always announced. */}
        <Toast.Close
          aria-label="Dismiss notification"
          aria-hidden={false}
          className={cn('rounded px-1.5 text-sm hover:bg-black/5 dark:hover:bg-white/10', focusRing)}
        >
          ✕
        </Toast.Close>
      </Toast.Content>
    </Toast.Root>
  ));
}

/** Where toasts appear (bottom right); mounted once by `Toaster`. F6 reaches it from the keyboard. */
export default function ToastViewport() {
  // A parent's effects run after its children's: by now the provider has subscribed.
  useEffect(() => markListening(), []);
  return (
    <Toast.Provider toastManager={manager} limit={4}>
      <Toast.Portal>
        <Toast.Viewport className="fixed right-4 bottom-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2">
          <ToastList />
        </Toast.Viewport>
      </Toast.Portal>
    </Toast.Provider>
  );
}
