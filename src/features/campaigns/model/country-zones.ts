/**
 * The IANA zones of a country, from the platform's own CLDR data (Intl.Locale), so no table is kept
 * by hand. Engines name it differently: getTimeZones() (newer) or the timeZones getter (older).
 */
const cache = new Map<string, readonly string[]>();

interface LocaleWithZones {
  getTimeZones?: () => string[] | undefined;
  timeZones?: string[];
}

export function countryZones(country: string): readonly string[] {
  const hit = cache.get(country);
  if (hit) return hit;
  let zones: readonly string[] = [];
  try {
    const locale = new Intl.Locale(`und-${country}`) as unknown as LocaleWithZones;
    zones = locale.getTimeZones?.() ?? locale.timeZones ?? [];
  } catch {
    zones = [];
  }
  cache.set(country, zones);
  return zones;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(country: string): string {
  try {
    return regionNames.of(country) ?? country;
  } catch {
    return country;
  }
}
