import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * `toast.success('Saved')`, `toast.error('Could not save')`. The toast machinery loads after the
 * first screen (it is not needed to draw one); a toast raised before that shows once it has loaded.
 * Errors are announced urgently and stay longer.
 */
const load = () => import('./toast-viewport');
type ToastOptions = Parameters<Awaited<ReturnType<typeof load>>['manager']['add']>[0];

// A toast raised before the viewport is mounted mounts it at once.
let wanted = false;
let mountNow: (() => void) | null = null;

function show(options: ToastOptions): void {
  wanted = true;
  mountNow?.();
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

/**
 * Mount once near the root. The viewport (Base UI's toast, ~19 KB gzip) mounts, and so loads, once
 * the first page's data has arrived and the browser is idle after drawing it, or as soon as a toast
 * is raised: it is never in the way of the first screen.
 */
export function Toaster() {
  // No router around (a test rendering the Toaster alone): idle is the only wait.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    mountNow = mount;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(mount, { timeout: 3000 }) : window.setTimeout(mount, 200);
    };
    let unsubscribe = () => {};
    if (!router || (router.state.status === 'idle' && router.state.resolvedLocation)) whenIdle();
    else
      unsubscribe = router.subscribe('onResolved', () => {
        unsubscribe();
        whenIdle();
      });
    return () => {
      unsubscribe();
      mountNow = null;
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
    };
  }, [mounted, router]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}
