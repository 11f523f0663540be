import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useContext, useEffect, useState } from 'react';

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
 * Calls `then` once no query is fetching (at once if none is): a page that draws its frame before
 * its rows (ADR 0029) has resolved its route while its reads are still under way. Returns the
 * unsubscribe.
 */
export function whenReadsSettle(client: QueryClient, then: () => void): () => void {
  if (client.isFetching() === 0) {
    then();
    return () => {};
  }
  const unsubscribe = client.getQueryCache().subscribe(() => {
    if (client.isFetching() !== 0) return;
    unsubscribe();
    then();
  });
  return unsubscribe;
}

/**
 * Mount once near the root. The viewport (Base UI's toast, ~19 KB gzip) mounts, and so loads, once
 * the first page's route has resolved, its reads have arrived, and the browser is idle after drawing
 * them, or as soon as a toast is raised: it is never in the way of the first screen.
 */
export function Toaster() {
  // No router or query client around (a test rendering the Toaster alone): idle is the only wait.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const queryClient = useContext(QueryClientContext);
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    mountNow = mount;
    let idle: number | undefined;
    const whenIdle = () => {
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(mount, { timeout: 3000 }) : window.setTimeout(mount, 200);
    };
    let stopWaiting = () => {};
    const afterReads = () => {
      if (queryClient) stopWaiting = whenReadsSettle(queryClient, whenIdle);
      else whenIdle();
    };
    if (!router || (router.state.status === 'idle' && router.state.resolvedLocation)) afterReads();
    else {
      const unsubscribe = router.subscribe('onResolved', () => {
        unsubscribe();
        afterReads();
      });
      stopWaiting = unsubscribe;
    }
    return () => {
      stopWaiting();
      mountNow = null;
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
    };
  }, [mounted, router, queryClient]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}
