/** The string formats of the Voice API v1, each defined once. */
import { z } from 'zod';

/** The same formats as plain regexes (zod's own), for code that must not load zod. */
export { E164_PATTERN, ISO_DATE_PATTERN, UUID_PATTERN, UTC_SECONDS_PATTERN } from './formats.plain';
import { UTC_SECONDS_PATTERN } from './formats.plain';

/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164 = z.e164({ error: 'Must be a phone number in E.164 form, such as +14155550100.' });

/** `HH:mm`, 24-hour. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const TimeOfDay = z.string().regex(HHMM_PATTERN, { error: 'Must be a time as HH:mm, such as 09:30.' });

/** A calendar date `YYYY-MM-DD` that exists. */
export const IsoDate = z.iso.date({ error: 'Must be a date as YYYY-MM-DD.' });

/** Timestamps of calls and transcripts: UTC `yyyy-MM-dd'T'HH:mm:ss'Z'` (no fraction). */
export const UtcTimestamp = z.string().regex(UTC_SECONDS_PATTERN, { error: "Must be a UTC time as yyyy-MM-dd'T'HH:mm:ss'Z'." });

/** ErrorResponse timestamps: UTC with milliseconds. */
export const ErrorTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

/** Ids the simulator and BFF accept: strict RFC 9562 UUIDs. */
export const Uuid = z.uuid({ error: 'Must be a UUID.' });
/** Ids read from an upstream: any 8-4-4-4-12 hex (tolerant). */
export const Guid = z.guid();

/** Formats a Date as the API's UTC second timestamp. */
export { toUtcTimestamp } from './timestamps';
