/** IANA zone names and "today" in a zone, with the platform's Intl only. */

const ZONE_NAME = /^(UTC|GMT|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;

/**
 * The platform's answer for each name asked, bounded (emptied when full): Intl takes a zone's name
 * in any case, so even the names it knows are not a fixed few hundred.
 */
const answers = new Map<string, boolean>();

/**
 * Whether `zone` is an IANA time zone name the platform knows. Asked of Intl once per name: building
 * a date format to find out costs ~0.1 ms, and every index request names its zone.
 */
export function isIanaZone(zone: string): boolean {
  let known = answers.get(zone);
  if (known === undefined) {
    known = ZONE_NAME.test(zone) && formats(zone);
    if (answers.size >= 1_000) answers.clear();
    answers.set(zone, known);
  }
  return known;
}

function formats(zone: string): boolean {
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
