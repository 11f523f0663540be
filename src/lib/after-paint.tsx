/**
 * Code a screen does not need for its first paint: loaded once that paint is on screen (or at once,
 * when it has been loaded before), so a cold load fetches and runs only what draws the first screen.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/** False until a frame has been painted after `ready` turned true; then true for good. */
export function usePaintedOnce(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that frame's paint; the task after it, once it is on screen.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

export type AfterPaint<P extends object> = ComponentType<P & { fallback?: ReactNode }> & {
  /** Starts loading the code now (on intent: a hover or focus of a link to the screen). */
  preload: () => Promise<unknown>;
};

/**
 * A component whose code loads after the first paint of the screen that shows it; `fallback`
 * (which should keep the component's place) shows meanwhile. Once loaded, later screens draw it at
 * once, in their first render.
 */
export function afterPaint<P extends object>(load: () => Promise<ComponentType<P>>): AfterPaint<P> {
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
    const painted = usePaintedOnce(Ready === undefined);
    if (Ready) return <Ready {...(rest as P)} />;
    if (!painted) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...(rest as P)} />
      </Suspense>
    );
  }
  return Object.assign(Deferred, { preload });
}
