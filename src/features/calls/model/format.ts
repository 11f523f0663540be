/** How call durations read on screen: m:ss. (Times: src/lib/time, in the display zone.) */

/** m:ss, or an em dash while the call has no duration yet. */
export function formatDuration(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '—' : formatOffset(seconds);
}

/** m:ss (h:mm:ss past an hour); transcript offsets and call durations. */
export function formatOffset(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
