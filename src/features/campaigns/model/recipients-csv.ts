/** The recipients table as CSV (the rows shown, after the state filter), every cell CSV-safe. */
import { RECIPIENT_STATE_LABELS, type CampaignRecipient } from '@contract/bff/outcomes';
import { csvSafeCell } from '@/lib/csv-safe';

export const RECIPIENT_CSV_COLUMNS = [
  'phone',
  'state',
  'attempts',
  'lastStatus',
  'lastCallAt',
  'nextRetryAround',
  'outcomes',
  'skipReason',
  'listedNow',
] as const;

export function recipientsCsv(rows: readonly CampaignRecipient[]): string {
  const lines = rows.map((r) =>
    [
      r.phone,
      RECIPIENT_STATE_LABELS[r.state],
      r.attempts,
      r.lastStatus ?? '',
      r.lastCallAt ?? '',
      r.nextRetryAround ?? '',
      r.outcomes.join('; '),
      r.skipReason ?? '',
      r.listedNow ? 'yes' : 'no',
    ]
      .map((cell) => csvSafeCell(cell))
      .join(','),
  );
  return [RECIPIENT_CSV_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n';
}
