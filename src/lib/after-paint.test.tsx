// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

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

it('`always`: drawn after the paint even when its code is there (the frame after a click shows what is above it)', async () => {
  const load = vi.fn(() => Promise.resolve(Hello));
  const Deferred = afterPaint(load, { always: true });
  await act(() => Deferred.preload());
  render(<Deferred name="Barbara" fallback={<p>Loading…</p>} />);
  expect(screen.getByText('Loading…')).toBeTruthy();
  expect(await screen.findByText('Hello Barbara')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});
