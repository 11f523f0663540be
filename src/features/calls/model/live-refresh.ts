/**
 * How often a list with calls still in progress reads itself again: 3 s after it was read, then
 * half as long again each time (4.5 s, 6.75 s, …), at most a minute. A pure function of what the
 * query holds, so drawing the list again (a hover, the filters arriving) never moves the next read.
 */
const FIRST_MS = 3_000;
const MAX_MS = 60_000;

export function liveRefreshDelay(state: { data?: { content: readonly { status: string }[] }; dataUpdateCount: number }): number | false {
  if (!state.data?.content.some((c) => c.status === 'IN_PROGRESS')) return false;
  // dataUpdateCount counts this list's reads: the first (the route's) is 1.
  return Math.min(MAX_MS, FIRST_MS * 1.5 ** Math.max(0, state.dataUpdateCount - 1));
}
