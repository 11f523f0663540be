/**
 * The calls list's selection (the call shown in the detail panel): which row `j`/`k` pressed in the
 * panel lead to. Pure. (On the rows themselves the table moves the focus, and the selection follows it.)
 */

/** The id `delta` rows away from `current`, kept within the rows; the first row when `current` is not on the page. */
export function stepSelection(ids: readonly string[], current: string | undefined, delta: number): string | undefined {
  if (ids.length === 0) return undefined;
  const at = current === undefined ? -1 : ids.indexOf(current);
  if (at < 0) return delta < 0 ? ids[ids.length - 1] : ids[0];
  return ids[Math.max(0, Math.min(ids.length - 1, at + delta))];
}
