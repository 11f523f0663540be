/**
 * Status badges: a colour tone plus a text label a person reads at a glance (colour is never the
 * only signal). Every CallStatus has an entry; the compiler enforces it.
 */
import type { CallStatus } from '@contract/enums';

export type BadgeTone = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

export const CALL_STATUS_BADGES: Record<CallStatus, { label: string; tone: BadgeTone }> = {
  IN_PROGRESS: { label: 'In progress', tone: 'info' },
  COMPLETED: { label: 'Completed', tone: 'success' },
  TRANSFERRED: { label: 'Transferred', tone: 'success' },
  NO_ANSWER: { label: 'No answer', tone: 'warning' },
  VOICE_BOX: { label: 'Voicemail', tone: 'warning' },
  CANCELED: { label: 'Canceled', tone: 'neutral' },
  UNREACHABLE: { label: 'Unreachable', tone: 'danger' },
  FAILED: { label: 'Failed', tone: 'danger' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  FAILOVER: { label: 'Failover', tone: 'warning' },
  REJECTED_LIMIT_REACHED: { label: 'Rejected: daily limit', tone: 'danger' },
  REJECTED_MAX_CONCURRENCY: { label: 'Rejected: concurrency', tone: 'danger' },
};

/** A call status in words ('In progress', not IN_PROGRESS). */
export function callStatusLabel(status: CallStatus): string {
  return CALL_STATUS_BADGES[status]?.label ?? String(status);
}
