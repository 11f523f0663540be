import { describe, expect, it } from 'vitest';
import type { Call } from '@contract/schemas/call';
import { dayWindow } from '@/lib/zone-days';
import { trimToDays } from './trim-to-days';

const call = (startTime: string) => ({ id: startTime, startTime }) as Call;
const page = (times: string[], page: number, totalPages: number) => ({
  content: times.map(call),
  page,
  size: times.length,
  totalElements: totalPages * times.length,
  totalPages,
});
// Europe/Paris in November is UTC+1: the local 2026-11-10 is 2026-11-09T23:00Z to 2026-11-10T23:00Z.
const window = dayWindow('2026-11-10', '2026-11-10', 'Europe/Paris');

describe('trimToDays', () => {
  it('keeps the calls of the local days and says what the figures count', () => {
    const trimmed = trimToDays(page(['2026-11-10T23:30:00Z', '2026-11-10T12:00:00Z', '2026-11-09T23:10:00Z'], 1, 3), window, 'startTime,DESC');
    expect(trimmed.content.map((c) => c.startTime)).toEqual(['2026-11-10T12:00:00Z', '2026-11-09T23:10:00Z']);
    expect(trimmed.trimmedCount).toEqual({ utcFrom: '2026-11-09', utcTo: '2026-11-10', sent: 3, daysStartLater: false });
    expect(trimmed.totalPages).toBe(3);
  });

  it('ends the pager at the page where the time sort runs past the days, so no empty page is offered', () => {
    const desc = trimToDays(page(['2026-11-09T23:05:00Z', '2026-11-09T22:00:00Z'], 12, 13), window, 'startTime,DESC');
    expect(desc.content).toHaveLength(1);
    expect(desc.totalPages).toBe(12);
    const asc = trimToDays(page(['2026-11-10T22:59:00Z', '2026-11-10T23:00:00Z'], 4, 9), window, 'startTime,ASC');
    expect(asc.totalPages).toBe(4);
    // Another sort leaves the calls anywhere: every page stays offered.
    expect(trimToDays(page(['2026-11-09T22:00:00Z'], 2, 5), window, 'duration,DESC').totalPages).toBe(5);
  });

  it('says when a page holds only calls after the days, whose calls start on a later page', () => {
    const head = trimToDays(page(['2026-11-10T23:50:00Z', '2026-11-10T23:20:00Z'], 1, 4), window, 'startTime,DESC');
    expect(head.content).toEqual([]);
    expect(head.trimmedCount.daysStartLater).toBe(true);
    expect(head.totalPages).toBe(4);
  });
});
