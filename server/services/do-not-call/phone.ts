/**
 * Phone numbers as the do-not-call list keeps them. No database and no server state: the import
 * thread (import-thread.ts) loads it as well as the web process.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { E164_PATTERN } from '../../../contract/formats.plain';

/**
 * A number in international form ("+33 6 12 34 56 78", "0033612345678", "+1 (415) 555-0100") as
 * E.164, or null. No default country: the server only compares numbers already international.
 */
export function toE164(input: string): string | null {
  const trimmed = input.trim().replace(/^00/, '+');
  if (!trimmed.startsWith('+')) return null;
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed || !parsed.isPossible()) return null;
  return E164_PATTERN.test(parsed.number) ? parsed.number : null;
}
