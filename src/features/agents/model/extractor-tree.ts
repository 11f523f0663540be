import type { Extractor } from '@contract/schemas/agent';

/** How many extractors a tree holds at every depth (groups included). */
export function countExtractors(extractors: readonly Extractor[] | undefined): number {
  return (extractors ?? []).reduce((n, e) => n + 1 + countExtractors(e.extractors), 0);
}

/** The deepest nesting level (1 for a flat list, 0 for none). */
export function extractorDepth(extractors: readonly Extractor[] | undefined): number {
  if (!extractors?.length) return 0;
  return 1 + Math.max(...extractors.map((e) => extractorDepth(e.extractors)));
}

/** A group is an extractor with nested extractors. */
export function isGroup(extractor: Extractor): boolean {
  return (extractor.extractors?.length ?? 0) > 0;
}
