/**
 * An upstream page of whole UTC dates cut to the local days asked (src/lib/zone-days.ts). Under the
 * time sort the calls outside the days sit at the two ends of the list: a page holding a call past
 * the far end of the days is the last page that can hold any of them, so the pager ends there and
 * never offers a page that cannot have rows.
 */
import type { PageOf } from '@contract/schemas/page';
import type { Call } from '@contract/schemas/call';
import { withinWindow, type DayWindow } from '@/lib/zone-days';

/** What a trimmed upstream page's figures cover: whole UTC dates, around the local days. */
export interface TrimmedCount {
  /** The UTC dates the upstream's totals count. */
  utcFrom: string;
  utcTo: string;
  /** Rows of this page the upstream sent (before the trim). */
  sent: number;
  /** Under the time sort, the local days' calls begin on a later page (this one holds only later or earlier calls). */
  daysStartLater: boolean;
}

export function trimToDays<T extends Call>(
  data: PageOf<T>,
  window: Pick<DayWindow, 'start' | 'end' | 'utcFrom' | 'utcTo'>,
  sort: string,
): PageOf<T> & { trimmed: number; trimmedCount: TrimmedCount } {
  const content = data.content.filter((c) => withinWindow(c.startTime, window));
  const [property, direction] = sort.split(',');
  const descending = direction?.toUpperCase() !== 'ASC';
  const timeSort = property === 'startTime';
  const at = (c: T) => Date.parse(c.startTime);
  const pastFarEnd = timeSort && data.content.some((c) => (descending ? at(c) < window.start : at(c) >= window.end));
  const beforeNearEnd = timeSort && content.length === 0 && data.content.length > 0 && !pastFarEnd;
  const totalPages = pastFarEnd ? Math.min(data.totalPages, data.page) : data.totalPages;
  return {
    ...data,
    content,
    totalPages,
    trimmed: data.content.length - content.length,
    trimmedCount: { utcFrom: window.utcFrom, utcTo: window.utcTo, sent: data.content.length, daysStartLater: beforeNearEnd },
  };
}
