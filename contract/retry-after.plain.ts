/**
 * `Retry-After` as the upstream may send it (docs/api-assumptions.md T11): seconds, or an HTTP
 * date. One reading for the SPA's back-off, the call index's reader and the BFF's messages.
 */

/** Seconds to wait (a date in the past: 0); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, (date - now) / 1000);
}

/** Whole seconds to say to a person or to send on as `Retry-After` (at least 1), or `fallback`. */
export function retryAfterSeconds(value: string | number | string[] | null | undefined, fallback: number, now: number = Date.now()): number {
  const text = Array.isArray(value) ? value[0] : value === undefined || value === null ? undefined : String(value);
  const seconds = parseRetryAfter(text, now);
  return seconds === undefined ? fallback : Math.max(1, Math.ceil(seconds));
}
