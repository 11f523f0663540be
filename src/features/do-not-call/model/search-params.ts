/** The do-not-call page's URL search: page and a text filter, read without zod (first chunk). */
import { LIMITS } from '@contract/limits';
import { intParam, textParam } from '@/lib/search-params';

export interface DncSearch {
  page: number;
  q?: string;
}

export function parseDncSearch(raw: Record<string, unknown>): DncSearch {
  const q = textParam(raw.q)?.slice(0, 100);
  return { page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default), ...(q ? { q } : {}) };
}
