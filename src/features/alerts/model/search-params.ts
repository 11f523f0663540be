/** The alerts screens' URL search, read without zod (first chunk). */
import { LIMITS } from '@contract/limits';
import { intParam, textParam } from '@/lib/search-params';
import type { AlertsSearch } from '../components/alerts-page';

export function parseAlertsSearch(raw: Record<string, unknown>): AlertsSearch {
  return { page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default), show: raw.show === 'all' ? 'all' : 'open' };
}

export interface WatchSearch {
  /** The saved view to watch (a new rule). */
  view?: string;
  /** The rule to edit. */
  rule?: number;
}

export function parseWatchSearch(raw: { view?: unknown; rule?: unknown }): WatchSearch {
  const view = textParam(raw.view)?.slice(0, 80);
  const rule = intParam(raw.rule, 1, Number.MAX_SAFE_INTEGER, 0);
  return { ...(view ? { view } : {}), ...(rule > 0 ? { rule } : {}) };
}
