/** How call facts read on screen: local time with the UTC instant beside it, m:ss durations. */
import { formatOffset } from './transcript';

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
  return Number.isNaN(ms) ? utc : `${new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, '')} UTC`;
}

/** m:ss, or an em dash while the call has no duration yet. */
export function formatDuration(seconds: number | null | undefined): string {
  return seconds === null || seconds === undefined ? '—' : formatOffset(seconds);
}
