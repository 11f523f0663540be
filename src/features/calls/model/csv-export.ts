/**
 * CSV export of calls. Every cell goes through the one CSV-safety function (src/lib/csv-safe.ts),
 * so a spreadsheet never evaluates one as a formula (OWASP CSV injection).
 */
import type { Call } from '@contract/schemas/call';
import { csvSafeCell } from '@/lib/csv-safe';

/** The one CSV-safety function (src/lib/csv-safe.ts). */
export const safeCell = (value: unknown): string => csvSafeCell(value);

export const CALL_CSV_COLUMNS = ['id', 'startTime', 'endTime', 'phone', 'agentId', 'agentName', 'type', 'status', 'duration', 'recorded', 'tags'] as const;

export function callsCsvHeader(): string {
  return CALL_CSV_COLUMNS.join(',');
}

export function callToCsvRow(call: Call, agentName = ''): string {
  const row: Record<(typeof CALL_CSV_COLUMNS)[number], unknown> = {
    id: call.id,
    startTime: call.startTime,
    endTime: call.endTime,
    phone: call.phone,
    agentId: call.agentId,
    agentName,
    type: call.type,
    status: call.status,
    duration: call.duration,
    recorded: call.recorded,
    tags: call.tags,
  };
  return CALL_CSV_COLUMNS.map((c) => safeCell(row[c])).join(',');
}

/**
 * Fetches every page of the current filter, reporting progress; stops when the signal aborts.
 * `fetchPage` returns one page of the list's source (contract Page of Call). Gives the CSV and how
 * many calls it holds (the figure the list's count should match).
 */
export async function exportAllPages(
  fetchPage: (page: number, signal: AbortSignal) => Promise<{ content: Call[]; totalPages: number }>,
  opts: { signal: AbortSignal; agentName?: (id: string) => string; onProgress?: (done: number, total: number) => void },
): Promise<{ csv: string; rows: number }> {
  const lines = [callsCsvHeader()];
  // New calls arriving mid-export shift pages under a startTime sort: skip ids already written.
  const seen = new Set<string>();
  let page = 1;
  let totalPages = 1;
  do {
    opts.signal.throwIfAborted();
    const result = await fetchPage(page, opts.signal);
    totalPages = Math.max(1, result.totalPages);
    for (const call of result.content) {
      if (seen.has(call.id)) continue;
      seen.add(call.id);
      lines.push(callToCsvRow(call, opts.agentName?.(call.agentId) ?? ''));
    }
    opts.onProgress?.(page, totalPages);
    page += 1;
  } while (page <= totalPages);
  return { csv: `${lines.join('\r\n')}\r\n`, rows: seen.size };
}
