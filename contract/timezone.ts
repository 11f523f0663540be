/** IANA zone names and "today" in a zone, with the platform's Intl only. */

const ZONE_NAME = /^(UTC|GMT|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/;

/**
 * The names the platform has answered for, each set bounded (emptied when full): Intl takes a
 * zone's name in any case, so even the names it knows are not a fixed few hundred.
 */
const known = new Set<string>();
const refused = new Set<string>();
const NAMES_KEPT = 1_000;

function keep(names: Set<string>, zone: string): void {
  if (names.size >= NAMES_KEPT) names.clear();
  names.add(zone);
}

/**
 * Whether `zone` is an IANA time zone name the platform knows. Asked of Intl once per name: building
 * a date format to find out costs ~0.1 ms, and every index request names its zone.
 */
export function isIanaZone(zone: string): boolean {
  if (known.has(zone)) return true;
  if (!ZONE_NAME.test(zone) || refused.has(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    keep(known, zone);
    return true;
  } catch {
    keep(refused, zone);
    return false;
  }
}

/** The calendar date (`YYYY-MM-DD`) it is in `zone` at `now`. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
