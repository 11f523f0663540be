// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { afterPaint, PAINT_FALLBACK_MS, useDrawnInSlices, usePaintedOnce } from './after-paint';

afterEach(cleanup);

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

it('draws the fallback first, and loads the code only once that is painted', async () => {
  const load = vi.fn(() => Promise.resolve(Hello));
  const Deferred = afterPaint(load);
  render(<Deferred name="Ada" fallback={<p>Loading…</p>} />);
  // The first render (what the first paint shows) has not asked for the code.
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(load).not.toHaveBeenCalled();
  expect(await screen.findByText('Hello Ada')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

it('once loaded, a later screen draws it in its first render', async () => {
  const load = vi.fn(() => Promise.resolve(Hello));
  const Deferred = afterPaint(load);
  await act(() => Deferred.preload());
  render(<Deferred name="Grace" fallback={<p>Loading…</p>} />);
  expect(screen.getByText('Hello Grace')).toBeTruthy();
  expect(screen.queryByText('Loading…')).toBeNull();
  expect(load).toHaveBeenCalledTimes(1);
});

it('a failed download is tried again by the next preload', async () => {
  const load = vi.fn<() => Promise<typeof Hello>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
  const Deferred = afterPaint(load);
  await expect(Deferred.preload()).rejects.toThrow('offline');
  await Deferred.preload();
  render(<Deferred name="Alan" />);
  expect(screen.getByText('Hello Alan')).toBeTruthy();
});

it('`idle`: loads the code only once the browser is idle after the paint', async () => {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  try {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Deferred = afterPaint(load, { idle: true });
    render(<Deferred name="Edsger" fallback={<p>Loading…</p>} />);
    // Painted, but not idle yet: the code is not asked for.
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText('Loading…')).toBeTruthy();
    act(() => idle[0]!());
    expect(await screen.findByText('Hello Edsger')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  } finally {
    vi.unstubAllGlobals();
  }
});

it('a browser that draws no frame (rAF never called) still gets the component, after PAINT_FALLBACK_MS', async () => {
  vi.stubGlobal('requestAnimationFrame', () => 1);
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  try {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Deferred = afterPaint(load);
    render(<Deferred name="Frances" fallback={<p>Loading…</p>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(await screen.findByText('Hello Frances', undefined, { timeout: PAINT_FALLBACK_MS + 1_000 })).toBeTruthy();
  } finally {
    vi.unstubAllGlobals();
  }
});

it('`always`: drawn after the paint even when its code is there (the frame after a click shows what is above it)', async () => {
  const load = vi.fn(() => Promise.resolve(Hello));
  const Deferred = afterPaint(load, { always: true });
  await act(() => Deferred.preload());
  render(<Deferred name="Barbara" fallback={<p>Loading…</p>} />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(await screen.findByText('Hello Barbara')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

// What the gate turns on is drawn in a transition (in slices, the thread free between them). A
// transition that suspends keeps what is on screen instead of putting a boundary's fallback back,
// which an ordinary update would do: that is how these tests see it.
const never = new Promise<never>(() => {});
function Suspends(): never {
  return use(never);
}

it('useDrawnInSlices: false on the first render, then true from a transition', async () => {
  const seen: boolean[] = [];
  function Probe() {
    const drawn = useDrawnInSlices();
    seen.push(drawn);
    return drawn ? <Suspends /> : <p>The heading</p>;
  }
  render(
    <Suspense fallback={<p>Fallback</p>}>
      <Probe />
    </Suspense>,
  );
  await waitFor(() => expect(seen).toContain(true));
  expect(seen[0]).toBe(false);
  expect(screen.getByText('The heading')).toBeTruthy();
  expect(screen.queryByText('Fallback')).toBeNull();
});

it('useDrawnInSlices(ready): stays false while its data is not here, and turns true once it is', async () => {
  const seen: boolean[] = [];
  function Probe({ ready }: { ready: boolean }) {
    const drawn = useDrawnInSlices(ready);
    seen.push(drawn);
    return <p>{drawn ? 'Rows' : 'Loading rows'}</p>;
  }
  const view = render(<Probe ready={false} />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(seen.every((drawn) => !drawn)).toBe(true);
  view.rerender(<Probe ready />);
  expect(await screen.findByText('Rows')).toBeTruthy();
});

it('usePaintedOnce turns true in a transition once a frame is painted', async () => {
  const seen: boolean[] = [];
  function Probe() {
    const painted = usePaintedOnce(true);
    seen.push(painted);
    return painted ? <Suspends /> : <p>The rows</p>;
  }
  render(
    <Suspense fallback={<p>Fallback</p>}>
      <Probe />
    </Suspense>,
  );
  await waitFor(() => expect(seen).toContain(true));
  expect(screen.getByText('The rows')).toBeTruthy();
  expect(screen.queryByText('Fallback')).toBeNull();
});

it('`early`: asks for the code once mounted, while the screen paints, and draws it only after that paint', async () => {
  const frames: (() => void)[] = [];
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  try {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Deferred = afterPaint(load, { always: true, early: true });
    render(<Deferred name="Margaret" fallback={<p>Loading…</p>} />);
    // Committed, not painted yet: the code is on its way, the fallback still shows.
    expect(load).toHaveBeenCalledTimes(1);
    await act(() => Deferred.preload());
    expect(screen.getByText('Loading…')).toBeTruthy();
    // The paint: drawn then, from the code already here.
    act(() => frames.splice(0).forEach((frame) => frame()));
    expect(await screen.findByText('Hello Margaret')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  } finally {
    vi.unstubAllGlobals();
  }
});
