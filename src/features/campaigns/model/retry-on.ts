/**
 * The statuses a campaign calls again on, in a sentence in the calls list's words: the wizard's
 * review and the campaign's page (its checkboxes name them one by one with callStatusLabel).
 */
import type { CallStatus } from '@contract/enums';
import { CALL_STATUS_BADGES, callStatusLabel } from '@/components/status/call-status';

/** "no answer, voicemail, or unreachable"; a status not known stays as the upstream sent it. */
export function retryOnInWords(statuses: readonly string[]): string {
  const words = statuses.map((s) => (s in CALL_STATUS_BADGES ? callStatusLabel(s as CallStatus).toLowerCase() : s));
  return new Intl.ListFormat('en', { type: 'disjunction' }).format(words);
}
