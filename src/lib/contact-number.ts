/**
 * The contact page's number as it comes from the address: spaces, dots, dashes and parentheses
 * dropped, a leading "00" read as "+", then E.164 or nothing. Plain (no libphonenumber), as the
 * route's parse runs in the first chunk; a number that is not one is never sent anywhere. The
 * command palette reads what is typed into it the same way.
 */
import { E164_PATTERN } from '@contract/formats.plain';

export function contactNumber(raw: string): string | null {
  const compact = raw
    .trim()
    .replace(/[\s().-]/g, '')
    .replace(/^00/, '+');
  return E164_PATTERN.test(compact) ? compact : null;
}
