import { z } from 'zod';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Any JSON value; named so the OpenAPI document can reference it. */
export const JsonValue: z.ZodType<JsonValue> = z
  .union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.lazy(() => JsonValue)),
    z.record(
      z.string(),
      z.lazy(() => JsonValue),
    ),
  ])
  .meta({ id: 'JsonValue' });

/**
 * How deep a JSON body the BFF accepts. Nothing Switchboard sends nests past a dozen levels; a
 * deeper body is refused before its schema walks it (a recursive walk of thousands of levels
 * overflows the stack).
 */
export const JSON_MAX_DEPTH = 64;

/** Why a value cannot be taken: where (`data.rows[3].name`) and what to do; the value is not echoed (it may be a password). */
export interface UnstorableInput {
  field: string;
  rejectedValue: unknown;
  message: string;
}

const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (parent ? `${parent}.${key}` : key) : `${parent}[${JSON.stringify(key)}]`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A string PostgreSQL cannot store (text and jsonb refuse NUL) or that is not well-formed UTF-16. */
function stringProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (\\u0000), which cannot be stored; remove it.';
  if (LONE_SURROGATE.test(s)) return 'contains a broken character (a lone UTF-16 surrogate); retype it.';
  return null;
}

/**
 * A query or a route's parameters: one level of names and plain values, nothing wrong with any
 * (answered without walking it, so nothing is allocated for the request that every read makes).
 */
function flatAndFine(value: unknown, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || maxDepth < 1) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const v = (value as Record<string, unknown>)[key];
    if (stringProblem(key)) return false;
    if (typeof v === 'string') {
      if (stringProblem(v)) return false;
    } else if (v !== null && typeof v === 'object') return false;
  }
  return true;
}

/**
 * The first part of a parsed request (`what`: "The body", "The query") that cannot be stored or validated:
 * a string or key holding NUL or a lone surrogate, or nesting deeper than `maxDepth`. Iterative,
 * so any depth is walked safely; null when all is well.
 */
export function findUnstorable(value: unknown, what: string, maxDepth = JSON_MAX_DEPTH): UnstorableInput | null {
  if (flatAndFine(value, maxDepth)) return null;
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = stringProblem(item.value);
      if (problem) return { field: item.path, rejectedValue: null, message: `${item.path || what} ${problem}` };
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) {
      return { field: item.path, rejectedValue: null, message: `${what} nests deeper than ${maxDepth} levels; nothing Switchboard takes is that deep.` };
    }
    if (Array.isArray(item.value)) {
      item.value.forEach((v, i) => stack.push({ value: v, path: pathOf(item.path, i), depth: item.depth + 1 }));
      continue;
    }
    for (const [key, v] of Object.entries(item.value)) {
      const problem = stringProblem(key);
      if (problem) return { field: item.path, rejectedValue: null, message: `A name in ${item.path || what.toLowerCase()} ${problem}` };
      stack.push({ value: v, path: pathOf(item.path, key), depth: item.depth + 1 });
    }
  }
  return null;
}
