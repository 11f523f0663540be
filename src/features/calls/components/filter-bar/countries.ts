/** The countries the phone filter offers for a national number. */
export const COUNTRIES = ['FR', 'US', 'GB', 'DE', 'ES', 'IT', 'BE', 'CH', 'CA', 'NL'] as const;

/** The browser's region when it is one of COUNTRIES, else US. */
export function initialCountry(): string {
  const region = (typeof navigator === 'undefined' ? [] : navigator.languages).map((l) => l.split(/[-_]/)[1]?.toUpperCase()).find(Boolean);
  return region && (COUNTRIES as readonly string[]).includes(region) ? region : 'US';
}
