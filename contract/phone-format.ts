/**
 * E.164 as the Voice API takes it, without zod (the browser's importer checks with it): the same
 * rule as `E164` in formats.ts, which contract/formats.test.ts holds them to.
 */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
