/**
 * Phone numbers as people type them ("06 12 34 56 78", "+33 6 12 34 56 78", "(415) 555-0100")
 * normalised to E.164 with libphonenumber-js, against a default country for national forms.
 *
 * Kept apart from the CSV parser so a screen that only normalises one number (the calls list's
 * phone filter) does not pull papaparse into its chunk.
 */
import { parsePhoneNumberWithError, ParseError, validatePhoneNumberLength, type CountryCode } from 'libphonenumber-js/min';
import { getCountries } from 'libphonenumber-js/min';
import { E164_PATTERN } from '@contract/formats.plain';

export type { CountryCode };

export type PhoneResult = { ok: true; e164: string } | { ok: false; reason: string };

const REASONS: Record<string, string> = {
  NOT_A_NUMBER: 'is not a phone number',
  INVALID_COUNTRY: 'has no country code; start it with + and the country code',
  TOO_SHORT: 'is too short to be a phone number',
  TOO_LONG: 'is too long to be a phone number',
  INVALID_LENGTH: 'has a length no number in its country has',
};

const COUNTRIES = new Set<string>(getCountries());

/** True when `code` is a region libphonenumber-js knows (ISO 3166-1 alpha-2, upper case). */
export function isCountryCode(code: string): code is CountryCode {
  return COUNTRIES.has(code);
}

/**
 * A default country from the browser's language ("fr-FR" → FR, "en-US" → US); `fallback` when the
 * language names no region.
 */
export function guessDefaultCountry(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
  fallback: CountryCode = 'US',
): CountryCode {
  for (const language of languages) {
    const region = language.split(/[-_]/)[1]?.toUpperCase();
    if (region && isCountryCode(region)) return region;
  }
  return fallback;
}

/**
 * A `tel:` URI (RFC 3966, as contact exports and web pages write them) as the number it holds:
 * "tel:+1-415-555-0105" → "+1-415-555-0105"; percent-escapes decoded; parameters dropped, but a
 * local number's `phone-context=+CC` becomes its country code. Anything else is returned as is.
 */
export function fromTelUri(text: string): string {
  const match = /^tel:(.*)$/i.exec(text);
  if (!match) return text;
  let uri = match[1]!;
  try {
    uri = decodeURIComponent(uri);
  } catch {
    // A stray % is left as typed; the number check explains what is wrong.
  }
  const [number = '', ...params] = uri.split(';');
  const context = params.find((p) => /^phone-context=\+/i.test(p))?.slice('phone-context='.length);
  const digits = number.trim();
  return context && !digits.startsWith('+') ? `${context} ${digits.replace(/^0/, '')}` : digits;
}

/**
 * Normalises one typed phone number to E.164. A number that cannot exist (wrong length for its
 * country, letters, no country code where none can be assumed) is refused with a sentence that
 * completes "The number …". Whether a possible number is assigned is the network's business, not
 * ours: only impossibility is refused, so every real number still gets through.
 */
export function normalisePhone(input: string, defaultCountry?: CountryCode): PhoneResult {
  const text = fromTelUri(input.trim());
  if (text === '') return { ok: false, reason: 'is empty' };
  // "00" is the international prefix in most of the world; libphonenumber only knows it per country.
  const typed = text.startsWith('00') ? `+${text.slice(2)}` : text;
  if (/[a-z]/i.test(typed.replace(/\s*(ext\.?|x)\s*\d+$/i, ''))) return { ok: false, reason: REASONS.NOT_A_NUMBER! };
  try {
    const number = parsePhoneNumberWithError(typed, defaultCountry ? { defaultCountry } : undefined);
    if (!number.isPossible()) {
      const problem = validatePhoneNumberLength(typed, defaultCountry ? { defaultCountry } : undefined) ?? 'INVALID_LENGTH';
      return { ok: false, reason: REASONS[problem] ?? REASONS.INVALID_LENGTH! };
    }
    // libphonenumber calls some short numbers possible (+43 0000) that E.164 as the API takes it does not.
    if (!E164_PATTERN.test(number.number)) return { ok: false, reason: number.number.length < 8 ? REASONS.TOO_SHORT! : REASONS.TOO_LONG! };
    return { ok: true, e164: number.number };
  } catch (error) {
    const code = error instanceof ParseError ? error.message : 'NOT_A_NUMBER';
    return { ok: false, reason: REASONS[code] ?? REASONS.NOT_A_NUMBER! };
  }
}
