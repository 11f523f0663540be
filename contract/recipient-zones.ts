/**
 * A recipient's time zone from their number (issue 32, "local hours"). Pure: the prefix table is
 * passed in (the BFF loads Google's libphonenumber time-zone mapping, server/services/compliance/recipient-zones.ts;
 * ADR 0040), so this file needs no file system and no zone library.
 *
 * - The longest prefix of the number's digits (country code included) in the table names its
 *   candidate zones: "1212" → America/New_York, "1907" → America/Adak & America/Anchorage.
 * - Candidates outside the number's own country (the NANP's "1" lists Guam and Bermuda too) are
 *   dropped when some remain.
 * - Candidates that keep one clock all year (Europe/London and Europe/Jersey) are one zone: `sure`.
 * - Otherwise the zone is `ambiguous`; a number with no entry is `unknown`. Neither is guessed.
 *
 * A ported number keeps its old prefix: its zone is where the number was first given out, which can
 * be wrong for a person who moved. The wizard says so.
 */

export type ZoneCertainty = 'sure' | 'ambiguous' | 'unknown';

export interface NumberZone {
  /** The IANA zone when `sure`, else null. */
  zone: string | null;
  certainty: ZoneCertainty;
  /** The zones the number could be in (empty when unknown). */
  candidates: string[];
}

/** Prefix (digits, country code first) → zones joined with `&`, as libphonenumber's map_data has them. */
export type ZoneTable = (prefix: string) => string | undefined;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The UTC offset of `zone` at `at`, in minutes (Intl only; one formatter per zone, they are slow to make). */
export function offsetMinutes(zone: string, at: Date): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName');
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(part?.value ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/** Whether every zone keeps the same clock in winter and in summer of `year`. */
function oneClock(zones: readonly string[], year: number): boolean {
  const probes = [new Date(Date.UTC(year, 0, 15, 12)), new Date(Date.UTC(year, 6, 15, 12))];
  return probes.every((at) => new Set(zones.map((z) => offsetMinutes(z, at))).size === 1);
}

export interface ZoneOfInput {
  /** E.164 (`+12125550100`). */
  phone: string;
  /** The number's ISO 3166 region, when known (libphonenumber-js), to drop other countries' zones. */
  region: string | null;
  /** That region's zones (CLDR: `Intl.Locale#timeZones`); empty when unknown. */
  regionZones: readonly string[];
  lookup: ZoneTable;
  /** The year whose winter and summer decide "one clock". */
  year: number;
}

export function zoneOfNumber({ phone, regionZones, lookup, year }: ZoneOfInput): NumberZone {
  const digits = phone.replace(/\D/g, '');
  let found: string | undefined;
  for (let n = digits.length; n > 0 && found === undefined; n -= 1) found = lookup(digits.slice(0, n));
  if (!found) return { zone: null, certainty: 'unknown', candidates: [] };
  const all = found.split('&').filter((z) => z.length > 0);
  const own = all.filter((z) => regionZones.includes(z));
  const candidates = own.length > 0 ? own : all;
  if (candidates.length === 0) return { zone: null, certainty: 'unknown', candidates: [] };
  if (candidates.length === 1 || oneClock(candidates, year)) {
    // The region's own first zone when it is among them (Europe/London rather than Europe/Guernsey).
    const zone = regionZones.find((z) => candidates.includes(z)) ?? candidates[0]!;
    return { zone, certainty: 'sure', candidates };
  }
  return { zone: null, certainty: 'ambiguous', candidates };
}

export interface ZoneGroupOf {
  zone: string | null;
  certainty: ZoneCertainty;
  candidates: string[];
  /** Positions in the list asked about. */
  indexes: number[];
}

/**
 * Numbers grouped by zone: one group per sure zone, one per set of ambiguous candidates, one for the
 * unknown; largest first, the unsure ones last.
 */
export function groupByZone(zones: readonly NumberZone[]): ZoneGroupOf[] {
  const groups = new Map<string, ZoneGroupOf>();
  zones.forEach((z, index) => {
    const key = z.certainty === 'sure' ? `sure:${z.zone}` : `${z.certainty}:${[...z.candidates].sort().join('&')}`;
    const group = groups.get(key);
    if (group) group.indexes.push(index);
    else groups.set(key, { zone: z.zone, certainty: z.certainty, candidates: z.candidates, indexes: [index] });
  });
  const rank = (g: ZoneGroupOf) => (g.certainty === 'sure' ? 0 : g.certainty === 'ambiguous' ? 1 : 2);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || b.indexes.length - a.indexes.length || String(a.zone).localeCompare(String(b.zone)));
}
