/**
 * The display time zone, as the calls and Insights screens read it. A stand-in until the
 * console-wide preference lands: the browser's zone.
 */
export function currentDisplayZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function useDisplayZone(): string {
  return currentDisplayZone();
}
