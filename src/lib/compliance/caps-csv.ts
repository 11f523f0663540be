/** The numbers the caps leave out, as a CSV a spreadsheet will not evaluate: number, kind, reason. */
import type { CapSkipped } from '@contract/bff/contact-caps';
import { csvSafeCell } from '../csv-safe';

export function capsSkippedCsv(skipped: readonly CapSkipped[]): string {
  return ['phone,kind,reason', ...skipped.map((s) => [s.phone, s.kind, s.reason].map((v) => csvSafeCell(v)).join(','))].join('\r\n') + '\r\n';
}
