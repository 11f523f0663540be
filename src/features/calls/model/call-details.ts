/** Shapes of the review screen's side panels, derived from a Call. */
import type { JsonValue } from '@contract/json';
import type { Call, ExtractorResult } from '@contract/schemas/call';

/** Extracted data as a tree: `extractedData` when filled, else built from the extractor results. */
export function extractedTree(call: Pick<Call, 'extractedData' | 'extractors'>): Record<string, JsonValue> {
  if (call.extractedData && Object.keys(call.extractedData).length > 0) return call.extractedData;
  return Object.fromEntries((call.extractors ?? []).map((e) => [e.name, extractorValue(e)]));
}

function extractorValue(e: ExtractorResult): JsonValue {
  const values = Array.isArray(e.value) ? e.value : [];
  if (values.every((v) => typeof v === 'string')) return values.length === 1 ? (values[0] as string) : (values as string[]);
  return Object.fromEntries(values.map((v, i) => (typeof v === 'string' ? [String(i + 1), v] : [v.name, extractorValue(v)])));
}

/** Classifications as name → class, from `classificationData` or the classifier results. */
export function classifications(call: Pick<Call, 'classificationData' | 'classifiers'>): [string, string][] {
  const data = call.classificationData ?? {};
  if (Object.keys(data).length > 0) return Object.entries(data);
  return (call.classifiers ?? []).map((c) => [c.name, c.value]);
}

/** The injected context with the reserved `system` variables apart. */
export function splitContext(context: Call['context'] | undefined): { system: Record<string, JsonValue>; variables: Record<string, JsonValue> } {
  const { system, ...variables } = (context ?? {}) as Record<string, JsonValue>;
  const sys = system && typeof system === 'object' && !Array.isArray(system) ? (system as Record<string, JsonValue>) : {};
  return { system: sys, variables };
}
