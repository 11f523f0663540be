/** Turning validation failures into the API's ErrorResponse, the same way everywhere. */
import type { z } from 'zod';
import type { ErrorResponse, ValidationError } from './schemas/error';

/** A zod issue path as the API writes it: `recipients[3].phone`, `timeSlots[1].endTime`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === 'number') return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key as string];
  }
  return current;
}

/** Fields whose value is never echoed back in an error (a too-short secret is still a secret). */
const SECRET_FIELD = /secret|password|token|apikey/i;

/**
 * One ValidationError per offending field (the first issue of each path wins). A secret field's
 * rejected value is null.
 */
export function toValidationErrors(error: z.ZodError, input: unknown, prefix: readonly PropertyKey[] = []): ValidationError[] {
  const byField = new Map<string, ValidationError>();
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = formatPath([...path, key]);
        const rejectedValue = SECRET_FIELD.test(key) ? null : valueAt(input, [...issue.path, key]);
        if (!byField.has(field)) byField.set(field, { field, rejectedValue, message: `Unknown field "${key}".` });
      }
      continue;
    }
    const field = formatPath(path) || '(body)';
    const secret = path.some((key) => typeof key === 'string' && SECRET_FIELD.test(key));
    if (!byField.has(field)) byField.set(field, { field, rejectedValue: secret ? null : (valueAt(input, issue.path) ?? null), message: issue.message });
  }
  return [...byField.values()];
}

export function errorResponse(status: number, message: string, errors: ValidationError[] = [], now: Date = new Date()): ErrorResponse {
  return { timestamp: now.toISOString(), status, message, errors };
}
