/**
 * The one way the console writes times: in a given IANA zone, with the zone named, in the
 * browser's locale. Pure functions (no React); `use-display-zone.ts` supplies the zone.
 * Timestamps are the upstream's UTC ISO strings; an absent one reads '' and an unreadable one is
 * shown as it came.
 */

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string, kind: 'dateTime' | 'date' | 'time' | 'timeShort'): Intl.DateTimeFormat {
  const key = `${zone}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'dateTime'
        ? { dateStyle: 'medium', timeStyle: 'long' }
        : kind === 'date'
          ? { dateStyle: 'medium' }
          : kind === 'time'
            ? { timeStyle: 'long' }
            : { timeStyle: 'medium' };
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    cache.set(key, f);
  }
  return f;
}

function instant(utc: string | null | undefined): number | string | null {
  if (!utc) return null;
  const ms = Date.parse(utc);
  return Number.isNaN(ms) ? utc : ms;
}

/** How long the browser's zone is taken as read: a device that travels is seen within a minute. */
const BROWSER_ZONE_TTL_MS = 60_000;
let browserZone: { zone: string; readAt: number } | undefined;

/**
 * The zone the browser is in ('UTC' when it cannot tell). Every time drawn asks for it, and each
 * ask built an `Intl.DateTimeFormat` (the page's first one loads the platform's zone data: tens of
 * ms, four times that on a slow phone), so it is read at most once a minute.
 */
export function browserTimeZone(now: number = Date.now()): string {
  // Read again a minute on, or when the clock went back (so a reading is never kept for longer).
  if (!browserZone || now < browserZone.readAt || now - browserZone.readAt >= BROWSER_ZONE_TTL_MS) {
    browserZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', readAt: now };
  }
  return browserZone.zone;
}

/** The display zone: the user's choice in their preferences, else the browser's. */
export function displayZoneOf(prefs: { timeZone?: string | null } | null | undefined): string {
  return prefs?.timeZone ?? browserTimeZone();
}

/** Date and time in `zone`, the zone named ("24 Nov 2026, 09:15:02 CET"). */
export function formatDateTime(utc: string | null | undefined, zone: string): string {
  const t = instant(utc);
  return t === null ? '' : typeof t === 'string' ? t : formatter(zone, 'dateTime').format(t);
}

/** The calendar date in `zone`. */
export function formatDate(utc: string | null | undefined, zone: string): string {
  const t = instant(utc);
  return t === null ? '' : typeof t === 'string' ? t : formatter(zone, 'date').format(t);
}

/** The time of day in `zone`, the zone named; `short` leaves the zone out (rows under a header that names it). */
export function formatTime(utc: string | null | undefined, zone: string, opts: { short?: boolean } = {}): string {
  const t = instant(utc);
  return t === null ? '' : typeof t === 'string' ? t : formatter(zone, opts.short ? 'timeShort' : 'time').format(t);
}

/** The instant in UTC ("2026-11-24 08:15:02 UTC"), for hover text and exports. */
export function formatUtc(utc: string | null | undefined): string {
  const t = instant(utc);
  if (t === null) return '';
  if (typeof t === 'string') return t;
  return `${new Date(t)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '')} UTC`;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** A zone as a person reads it: "Europe/Paris (GMT+1)", the offset as of `at`. */
export function zoneLabel(zone: string, at: Date = new Date()): string {
  let offsetFormat = offsetFormats.get(zone);
  if (!offsetFormat) {
    offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    offsetFormats.set(zone, offsetFormat);
  }
  const offset = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return offset && offset !== zone ? `${zone.replaceAll('_', ' ')} (${offset})` : zone.replaceAll('_', ' ');
}

/** Every zone the platform knows, for a picker (UTC first). */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
