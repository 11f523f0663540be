/**
 * Readers of URL search params that never throw: a value that does not fit becomes the fallback.
 * Written without zod on purpose: every route's `validateSearch` runs in the first chunk, and zod
 * there cost ~26 KB gzip before the first row (docs/decisions, "two weights"). They keep the
 * contract's rules: the same regexes as zod's checks (contract/formats.plain.ts), the same coercion.
 */
import { E164_PATTERN, ISO_DATE_PATTERN, UUID_PATTERN } from '@contract/formats.plain';
import { DECIMAL_INTEGER } from '@contract/queries.plain';

/**
 * As the contract's queryInt (min..max) with .catch(fallback) and .default(fallback): a number as
 * it is, a string only in decimal form (`0x10`, `1e1`, ` 5`, `1.0` are not read), anything else
 * the fallback.
 */
export function intParam(raw: unknown, min: number, max: number, fallback: number): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL_INTEGER.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
}

/** A string matching `pattern`, else `fallback`. */
export function matchParam<F>(raw: unknown, pattern: RegExp, fallback: F): string | F {
  return typeof raw === 'string' && pattern.test(raw) ? raw : fallback;
}

/** One of `values`, else `fallback`. */
export function oneOfParam<const T extends string, F>(raw: unknown, values: readonly T[], fallback: F): T | F {
  return typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T) : fallback;
}

/** A non-empty string, else undefined. */
export function textParam(raw: unknown): string | undefined {
  return typeof raw === 'string' && raw.length > 0 ? raw : undefined;
}

/** A boolean, else undefined (as z.boolean().optional().catch(undefined)). */
export function booleanParam(raw: unknown): boolean | undefined {
  return typeof raw === 'boolean' ? raw : undefined;
}

/** The contract's formats, by the regexes zod's own checks use (contract/formats.plain.ts). */
export const PATTERNS = { uuid: UUID_PATTERN, e164: E164_PATTERN, isoDate: ISO_DATE_PATTERN } as const;
