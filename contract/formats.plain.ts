/**
 * The formats of formats.ts without zod, for the browser's first chunk. The patterns are zod's own
 * (z.e164(), z.uuid(), z.iso.date()), written out here: importing them from zod's regex module put
 * all of that module (every format zod knows, ~1.2 KB gzip) in the first chunk, since the lazy
 * chunks with zod's schemas share it. contract/formats.test.ts proves them the same as zod's.
 */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
/** Any 8-4-4-4-12 hex id (zod's z.guid()): how the console takes ids an upstream wrote, whatever their version digit. */
export const GUID_PATTERN = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
export const ISO_DATE_PATTERN =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;
/** Timestamps of calls and transcripts: UTC `yyyy-MM-dd'T'HH:mm:ss'Z'` (no fraction). */
export const UTC_SECONDS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
