/**
 * How durations read on screen, everywhere: m:ss (h:mm:ss past an hour). A call's duration, an
 * average, a live call's running time, a transcript line's offset. (Times of day: src/lib/time.)
 */

/** A duration in m:ss, to the nearest second; an em dash when there is none (a call still going). */
export function formatDuration(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '—' : formatOffset(Math.round(seconds));
}

/** m:ss (h:mm:ss past an hour); transcript offsets and call durations. */
export function formatOffset(totalSeconds: number): string {
  const s = Math.floor(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
