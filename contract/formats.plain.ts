/**
 * The formats of formats.ts without zod's schemas, for the browser's first chunk: the very regexes
 * zod's checks use (zod's regex module weighs a few hundred bytes), so each pattern exists once.
 * `E164` is z.e164(), `Uuid` z.uuid(), `IsoDate` z.iso.date(); contract/formats.test.ts holds them together.
 */
import { regexes } from 'zod/v4/core';

export const E164_PATTERN: RegExp = regexes.e164;
export const UUID_PATTERN: RegExp = regexes.uuid();
export const ISO_DATE_PATTERN: RegExp = regexes.date;
/** Timestamps of calls and transcripts: UTC `yyyy-MM-dd'T'HH:mm:ss'Z'` (no fraction). */
export const UTC_SECONDS_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
