/**
 * A detail route's id, parsed where it enters: with `params: idParam('callId')` on the route, an
 * address whose id is not one (`/calls/not-an-id`) is "Page not found" before the route's loader
 * runs, so nothing puts text from the address bar into an upstream or BFF URL.
 * Upstream ids are any 8-4-4-4-12 hex (tolerant, as zod's z.guid()); alert ids are the BFF's own
 * positive integers.
 */
import { notFound } from '@tanstack/react-router';
import { GUID_PATTERN } from '@contract/formats.plain';

const ALERT_ID_PATTERN = /^[1-9]\d{0,15}$/;

function paramOf<K extends string>(name: K, pattern: RegExp) {
  return {
    parse: (raw: Record<K, string>): Record<K, string> => {
      if (!pattern.test(raw[name])) throw notFound();
      return raw;
    },
  };
}

/** An upstream id (a call, an agent, a campaign). */
export const idParam = <K extends string>(name: K) => paramOf(name, GUID_PATTERN);

/** An alert's id. */
export const alertIdParam = <K extends string>(name: K) => paramOf(name, ALERT_ID_PATTERN);
