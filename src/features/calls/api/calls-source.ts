/**
 * Where a page of the calls list comes from. With only the upstream's filters, the upstream
 * (dates are days in the display zone: the UTC dates covering them are asked, and the rows
 * outside those days trimmed from each page). With any filter only the index answers, the
 * index, which also says how fresh it is.
 */
import type { PageOf } from '@contract/schemas/page';
import type { Call } from '@contract/schemas/call';
import { INDEX_ROUTES } from '@contract/bff/index.plain';
import type { IndexCallPage, TranscriptHit } from '@contract/bff/index';
import { apiRequest, bffRequest } from '@/lib/api-client';
import { dayWindow, withinWindow } from '@/lib/zone-days';
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
  /** Whether the totals count whole UTC days, so they may include calls outside the local days. */
  totalsApproximate: boolean;
}

export async function fetchCallsPage(search: CallsSearch, zone: string, signal?: AbortSignal): Promise<CallsPage> {
  if (usesIndex(search)) {
    const page = await bffRequest<IndexCallPage>('GET', `${INDEX_ROUTES.calls}?${toIndexQuery(search, zone)}`);
    return { ...page, source: 'index', trimmed: 0, totalsApproximate: false };
  }
  if (!search.from || !search.to) {
    const read = upstreamListRead(search);
    const { data } = await apiRequest<PageOf<Call>>('GET', read.path, { query: read.query, signal });
    return { ...data, source: 'upstream', trimmed: 0, totalsApproximate: false };
  }
  const window = dayWindow(search.from, search.to, zone);
  const read = upstreamListRead({ ...search, from: window.utcFrom, to: window.utcTo });
  const { data } = await apiRequest<PageOf<Call>>('GET', read.path, { query: read.query, signal });
  if (!window.trims) return { ...data, source: 'upstream', trimmed: 0, totalsApproximate: false };
  const content = data.content.filter((c) => withinWindow(c.startTime, window));
  return { ...data, content, source: 'upstream', trimmed: data.content.length - content.length, totalsApproximate: true };
}
