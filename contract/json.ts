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
