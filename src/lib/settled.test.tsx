// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useSettled } from './settled';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('the first value is settled at once (a panel opened from its URL reads at once)', () => {
  const { result } = renderHook(({ v }) => useSettled(v, 150), { initialProps: { v: 'a' } });
  expect(result.current).toBe('a');
});

it('values passed over faster than the delay never settle (j held down reads nothing for them)', () => {
  const seen: (string | undefined)[] = [];
  const { result, rerender } = renderHook(
    ({ v }) => {
      const s = useSettled(v, 150);
      seen.push(s);
      return s;
    },
    { initialProps: { v: 'a' as string | undefined } },
  );
  for (const v of ['b', 'c', 'd', 'e']) {
    rerender({ v });
    act(() => void vi.advanceTimersByTime(16));
  }
  expect(result.current).toBe('a');
  act(() => void vi.advanceTimersByTime(150));
  expect(result.current).toBe('e');
  expect(new Set(seen)).toEqual(new Set(['a', 'e']));
  // Closing (undefined) settles too.
  rerender({ v: undefined });
  act(() => void vi.advanceTimersByTime(150));
  expect(result.current).toBeUndefined();
});
