import { lazy, Suspense } from 'react';

/**
 * `toast.success('Saved')`, `toast.error('Could not save')`. The toast machinery loads after the
 * first screen (it is not needed to draw one); a toast raised before that shows once it has loaded.
 * Errors are announced urgently and stay longer.
 */
const load = () => import('./toast-viewport');
type ToastOptions = Parameters<Awaited<ReturnType<typeof load>>['manager']['add']>[0];

function show(options: ToastOptions): void {
  void load().then(async ({ manager, listening }) => {
    await listening;
    manager.add(options);
  });
}

export const toast = {
  success(message: string, description?: string): void {
    show({ title: message, description, type: 'success' });
  },
  error(message: string, description?: string): void {
    show({ title: message, description, type: 'error', priority: 'high', timeout: 10_000 });
  },
  info(message: string, description?: string): void {
    show({ title: message, description, type: 'info' });
  },
};

const ToastViewport = lazy(load);

/** Mount once near the root. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
