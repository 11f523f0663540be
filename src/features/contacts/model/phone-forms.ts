/**
 * A number's display forms, the ones people write and read it in: international ("+33 6 12 34 56
 * 78"), national ("06 12 34 56 78"), E.164, and its country. Loaded with the contact page only
 * (libphonenumber-js's metadata stays out of the first chunk).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export interface PhoneForms {
  e164: string;
  international: string;
  national: string | null;
  /** ISO 3166-1 alpha-2, when the number says it. */
  country: string | null;
  countryName: string | null;
}

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

export function phoneForms(e164: string): PhoneForms {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return { e164, international: e164, national: null, country: null, countryName: null };
  const country = parsed.country ?? null;
  return {
    e164,
    international: parsed.formatInternational(),
    national: parsed.formatNational(),
    country,
    countryName: country ? (regionNames?.of(country) ?? null) : null,
  };
}
