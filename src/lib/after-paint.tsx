/**
 * Code a screen does not need for its first paint: loaded once that paint is on screen (or at once,
 * when it has been loaded before), so a cold load fetches and runs only what draws the first screen.
 */
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** The longest an `idle` component waits for the browser to be idle once the screen is painted. */
export const IDLE_TIMEOUT_MS = 300;

/**
 * The longest anything waits for that paint. A browser that draws no frame for the page (a tab it
 * does not show, a starved headless run) never calls requestAnimationFrame: without this bound what
 * waits for the paint (the do-not-call action, the alerts bell) would never come.
 */
export const PAINT_FALLBACK_MS = 1_000;

/**
 * False until a frame has been painted after `ready` turned true; then true for good. `idle`: and
 * then until the browser is idle (requestIdleCallback, at most IDLE_TIMEOUT_MS), so what it starts
 * does not compete with the screen's own work. The change is a transition: what it draws, React
 * draws in slices that leave the main thread free between them, not in one long task.
 */
export function usePaintedOnce(ready = true, idle = false): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idleHandle: number | undefined;
    const done = () => startTransition(() => setPainted(true));
    // The frame callback runs before that frame's paint; the task after it, once it is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        if (idle && typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
        else done();
      }, 0);
    });
    const fallback = setTimeout(done, PAINT_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      if (timer !== undefined) clearTimeout(timer);
      if (idleHandle !== undefined) cancelIdleCallback(idleHandle);
    };
  }, [ready, painted, idle]);
  return painted;
}

/**
 * False until a render where `ready` is true has been committed, then true from a transition at once
 * after it: what it gates (a long list, once its data is there) is drawn after what is around it, in
 * slices that leave the main thread free between them (a long list is otherwise one long task), and
 * without waiting for a frame as `usePaintedOnce` does.
 */
export function useDrawnInSlices(ready = true): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (ready && !drawn) startTransition(() => setDrawn(true));
  }, [ready, drawn]);
  return drawn;
}

export type AfterPaint<P extends object> = ComponentType<P & { fallback?: ReactNode }> & {
  /** Starts loading the code now (on intent: a hover or focus of a link to the screen). */
  preload: () => Promise<unknown>;
};

export interface AfterPaintOptions {
  /** Once the browser is idle after that paint (requestIdleCallback, at most IDLE_TIMEOUT_MS), not at once. */
  idle?: boolean;
  /**
   * Drawn after the screen's first paint even when its code is already there (a heavy part below
   * the fold: the frame after a click shows what is above it first, this part the frame after).
   */
  always?: boolean;
  /**
   * Its code is asked for as soon as it has mounted (the commit of the screen's first render), so
   * it downloads while that screen paints instead of after; it is still drawn only after the paint.
   * Nothing is asked for before the screen is committed, so its first paint waits for none of it.
   */
  early?: boolean;
}

/**
 * A component whose code loads after the first paint of the screen that shows it; `fallback`
 * (which should keep the component's place) shows meanwhile. Once loaded, later screens draw it at
 * once, in their first render (unless `always`).
 */
export function afterPaint<P extends object>(load: () => Promise<ComponentType<P>>, options: AfterPaintOptions = {}): AfterPaint<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a failed download may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Deferred(props: P & { fallback?: ReactNode }) {
    const { fallback = null, ...rest } = props;
    // Chosen once per mount, so the component is never swapped for another (which would reset it).
    const [Ready] = useState(() => loaded);
    const painted = usePaintedOnce(Ready === undefined || options.always === true, options.idle === true);
    useEffect(() => {
      if (options.early && Ready === undefined) void preload().catch(() => undefined);
    }, [Ready]);
    if (Ready) return painted || !options.always ? <Ready {...(rest as P)} /> : fallback;
    if (!painted) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(rest as P)} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload });
}
