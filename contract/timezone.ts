/** IANA zone names and "today" in a zone, with the platform's Intl only. */

const ZONE_NAME = /^(UTC|GMT|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;

/** Whether `zone` is an IANA time zone name the platform knows. */
export function isIanaZone(zone: string): boolean {
  if (!ZONE_NAME.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (`YYYY-MM-DD`) it is in `zone` at `now`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
