/**
 * The local-time safety check: recipients whose number's country keeps another clock than the
 * campaign's zone are grouped by country and named with the hours they would be called, their time.
 * Compared by UTC offset on the first calling day (Paris and Berlin are one clock), not by zone name.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DateTime } from 'luxon';
import { atWallClock } from '@contract/wall-clock';
import { effectiveWindows, type Slot } from '@contract/time-slots';
import { countryName, countryZones } from './country-zones';
import { countOf } from '@/lib/plural';

export interface LocalTimeWarning {
  /** ISO 3166 code, or null when the number names no country (non-geographic, unknown). */
  country: string | null;
  label: string;
  count: number;
  phones: string[];
  /** Zones of that country whose clock differs from the campaign's. */
  zones: string[];
  /** Distinct local renderings of the windows ("09:00–12:00 and 13:00–19:00"), earliest first. */
  localHours: string[];
  /** Whether some of the country's zones share the campaign's clock. */
  partly: boolean;
  text: string;
}

export interface LocalTimeInput {
  phones: readonly string[];
  timezone: string;
  timeSlots: readonly Slot[];
  /** The first calling day (YYYY-MM-DD) in the campaign's zone: offsets depend on the date (DST). */
  day: string;
}

export function localTimeWarnings(input: LocalTimeInput): LocalTimeWarning[] {
  const windows = effectiveWindows(input.timeSlots);
  const day = DateTime.fromISO(input.day, { zone: input.timezone }).startOf('day');
  if (windows.length === 0 || !day.isValid) return [];
  // Noon of the first calling day: a moment inside the calling day, away from DST switches at night.
  const reference = atWallClock(day, '12:00');
  const campaignOffset = reference.offset;
  const byCountry = new Map<string | null, string[]>();
  for (const phone of input.phones) {
    const country = parsePhoneNumberFromString(phone)?.country ?? null;
    const list = byCountry.get(country);
    if (list) list.push(phone);
    else byCountry.set(country, [phone]);
  }
  const warnings: LocalTimeWarning[] = [];
  for (const [country, phones] of byCountry) {
    const label = country ? countryName(country) : 'unplaced';
    const zones = country ? countryZones(country) : [];
    if (zones.length === 0) {
      warnings.push({
        country,
        label,
        count: phones.length,
        phones,
        zones: [],
        localHours: [],
        partly: false,
        text: `${countOf(phones.length, `${label} number`)}: their local time is unknown; check before calling.`,
      });
      continue;
    }
    const differing = zones.filter((z) => reference.setZone(z).offset !== campaignOffset);
    if (differing.length === 0) continue;
    const renderings = new Map<number, string>();
    for (const zone of differing) {
      const offset = atWallClock(day, windows[0]!.startTime).setZone(zone).offset;
      if (renderings.has(offset)) continue;
      const text = windows
        .map((w) => `${atWallClock(day, w.startTime).setZone(zone).toFormat('HH:mm')}–${atWallClock(day, w.endTime).setZone(zone).toFormat('HH:mm')}`)
        .join(' and ');
      renderings.set(offset, text);
    }
    const localHours = [...renderings.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
    const partly = differing.length < zones.length;
    const hours = localHours.length === 1 ? `at ${localHours[0]}` : `between ${localHours[0]} and ${localHours[localHours.length - 1]}, depending on the zone`;
    const zoneNote = zones.length > 1 ? ` (${countOf(zones.length, 'time zone')}${partly ? ', some on the campaign’s clock' : ''})` : '';
    warnings.push({
      country,
      label,
      count: phones.length,
      phones,
      zones: differing,
      localHours,
      partly,
      text: `${countOf(phones.length, `${label} number`)} would be called ${hours} their time${zoneNote}.`,
    });
  }
  return warnings.sort((a, b) => b.count - a.count);
}
