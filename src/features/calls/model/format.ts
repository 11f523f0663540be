/** How call facts read on screen: local time with the UTC instant beside it, m:ss durations. */

const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The viewer's local date and time of a UTC timestamp ('' when absent or unreadable). */
export function formatLocalTime(utc: string | null | undefined): string {
  if (!utc) return '';
  const ms = Date.parse(utc);
  return Number.isNaN(ms) ? utc : local.format(ms);
}

/** The instant in UTC, for the hover text. */
export function formatUtc(utc: string | null | undefined): string {
  if (!utc) return '';
  const ms = Date.parse(utc);
  return Number.isNaN(ms)
    ? utc
    : `${new Date(ms)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d{3}Z$/, '')} UTC`;
}

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
