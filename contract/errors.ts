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

/** One ValidationError per offending field (the first issue of each path wins). */
export function toValidationErrors(error: z.ZodError, input: unknown, prefix: readonly PropertyKey[] = []): ValidationError[] {
  const byField = new Map<string, ValidationError>();
  for (const issue of error.issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = formatPath([...path, key]);
        if (!byField.has(field)) byField.set(field, { field, rejectedValue: valueAt(input, [...issue.path, key]), message: `Unknown field "${key}".` });
      }
      continue;
    }
    const field = formatPath(path) || '(body)';
    if (!byField.has(field)) byField.set(field, { field, rejectedValue: valueAt(input, issue.path) ?? null, message: issue.message });
  }
  return [...byField.values()];
}

export function errorResponse(status: number, message: string, errors: ValidationError[] = [], now: Date = new Date()): ErrorResponse {
  return { timestamp: now.toISOString(), status, message, errors };
}
