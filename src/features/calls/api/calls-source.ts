/**
 * Where a page of the calls list comes from. With only the upstream's filters, the upstream. With
 * any filter only the index answers, the index, which also says how fresh it is.
 *
 * Dates are days in the display zone, and the upstream filters whole UTC dates. Where a zone's days
 * do not align with UTC's, the index answers when it holds every call of the window (its completed
 * backfill starts at or before the window's first instant): it filters exact instants, so pages are
 * full and the count exact (up to its freshness). Otherwise the upstream is asked for the UTC dates
 * covering the days and each page trimmed; under the time sort the pager stops at the page where
 * the rows run past the days, so no page that cannot hold a row is offered (docs/insights-console.md).
 */
import type { PageOf } from '@contract/schemas/page';
import type { Call } from '@contract/schemas/call';
import { INDEX_ROUTES } from '@contract/bff/index.plain';
import type { IndexCallPage, TranscriptHit } from '@contract/bff/index';
import { apiRequest, bffRequest } from '@/lib/api-client';
import { dayWindow } from '@/lib/zone-days';
import { trimToDays, type TrimmedCount } from '../model/trim-to-days';
import { toIndexQuery, usesIndex, type CallsSearch } from '../model/search-params';
import { upstreamListRead } from './first-reads';

export type CallRow = Call & { campaignName?: string | null; hit?: TranscriptHit };

export interface CallsPage extends PageOf<CallRow> {
  source: 'upstream' | 'index';
  /** The index's freshness (index source only). */
  indexedAt?: string | null;
  /** With a search text (index source): matching calls whose transcript the index has not read yet. */
  transcriptsPending?: number;
  /** Rows of this page the upstream sent that fell outside the local days asked. */
  trimmed: number;
  /** Set when the rows are trimmed from whole UTC days: the totals then count those days, not the local ones. */
  trimmedCount?: TrimmedCount;
  /** False when the index stopped counting at its cap: totalElements is then a lower bound ("1,000+"). */
  totalExact: boolean;
}

/** Every call the search matches, counted by the index however many (the list's total stops at a cap). */
export async function fetchExactCount(search: CallsSearch, zone: string): Promise<number> {
  const query = toIndexQuery({ ...search, page: 1, size: 1 }, zone, { exactTotal: true });
  return (await bffRequest<IndexCallPage>('GET', `${INDEX_ROUTES.calls}?${query}`)).totalElements;
}

export async function fetchCallsPage(search: CallsSearch, zone: string, signal?: AbortSignal): Promise<CallsPage> {
  if (usesIndex(search)) return fromIndex(await indexPage(search, zone));
  if (!search.from || !search.to) {
    const read = upstreamListRead(search);
    const { data } = await apiRequest<PageOf<Call>>('GET', read.path, { query: read.query, signal });
    return { ...data, source: 'upstream', trimmed: 0, totalExact: true };
  }
  const window = dayWindow(search.from, search.to, zone);
  if (window.trims) {
    const page = await indexPage(search, zone).catch(() => null);
    signal?.throwIfAborted();
    if (page?.coveredFrom && window.start >= Date.parse(page.coveredFrom)) return fromIndex(page);
  }
  const read = upstreamListRead({ ...search, from: window.utcFrom, to: window.utcTo });
  const { data } = await apiRequest<PageOf<Call>>('GET', read.path, { query: read.query, signal });
  if (!window.trims) return { ...data, source: 'upstream', trimmed: 0, totalExact: true };
  return { ...trimToDays(data, window, search.sort), source: 'upstream', totalExact: true };
}

const indexPage = (search: CallsSearch, zone: string) => bffRequest<IndexCallPage>('GET', `${INDEX_ROUTES.calls}?${toIndexQuery(search, zone)}`);

function fromIndex(page: IndexCallPage): CallsPage {
  return { ...page, source: 'index', trimmed: 0 };
}
