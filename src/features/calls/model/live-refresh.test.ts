import { expect, it } from 'vitest';
import { liveRefreshDelay } from './live-refresh';

const live = { content: [{ status: 'COMPLETED' }, { status: 'IN_PROGRESS' }] };

it('reads again only while a call on screen is in progress', () => {
  expect(liveRefreshDelay({ data: { content: [{ status: 'COMPLETED' }] }, dataUpdateCount: 1 })).toBe(false);
  expect(liveRefreshDelay({ dataUpdateCount: 0 })).toBe(false);
  expect(liveRefreshDelay({ data: live, dataUpdateCount: 1 })).toBe(3_000);
});

it('backs off with each read, not with each time it is asked (a list drawn again waits no longer)', () => {
  const state = { data: live, dataUpdateCount: 1 };
  // Asked on every render: the answer stays the same until the list is read again.
  expect([1, 2, 3, 4].map(() => liveRefreshDelay(state))).toEqual([3_000, 3_000, 3_000, 3_000]);
  expect(liveRefreshDelay({ data: live, dataUpdateCount: 2 })).toBe(4_500);
  expect(liveRefreshDelay({ data: live, dataUpdateCount: 3 })).toBe(6_750);
  expect(liveRefreshDelay({ data: live, dataUpdateCount: 40 })).toBe(60_000);
});
