/** The API's UTC-second timestamps, without zod (the browser's first chunks read them); `formats.ts` re-exports. */
export function toUtcTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
