/** The recipient states of a campaign's recipients table, as plain data (no zod: the route's search reads them). */
export const RECIPIENT_STATES = [
  'notCalled',
  'inProgress',
  'waitingRetry',
  'ended',
  'retriesExhausted',
  'notRetried',
  'reached',
  'outcome',
  'skipped',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const RECIPIENT_STATE_LABELS: Record<RecipientState, string> = {
  notCalled: 'Not called yet',
  inProgress: 'On a call now',
  waitingRetry: 'Waiting for a retry',
  ended: 'No more calls: the campaign ended',
  retriesExhausted: 'Retries exhausted',
  notRetried: 'Not retried (its last call is not retried)',
  reached: 'Reached',
  outcome: 'Outcome reached',
  skipped: 'Skipped',
};

/**
 * The campaign statuses under which the upstream still places calls (contract/enums.ts
 * CampaignStatus): ACTIVE, and PAUSED (it may be resumed). Any other (CANCELLED, or an end a real
 * upstream may name otherwise) means no call of the campaign will come: a recipient not yet called,
 * or waiting for a retry, is `ended`, never "waiting".
 */
export const CALLING_CAMPAIGN_STATUSES: readonly string[] = ['ACTIVE', 'PAUSED'];

/** Whether a campaign in this status will place no more calls. */
export const campaignEnded = (status: string): boolean => !CALLING_CAMPAIGN_STATUSES.includes(status);

/** How the console says why no more calls come: "campaign cancelled", or "campaign ended (COMPLETED)". */
export const campaignEndWords = (status: string): string => (status === 'CANCELLED' ? 'campaign cancelled' : `campaign ended (${status.toLowerCase()})`);

/** A recipient in the state `ended`: "Not called: campaign cancelled" or "Not reached: campaign cancelled (called 2 times)". */
export function endedText(attempts: number, campaignStatus: string): string {
  const why = campaignEndWords(campaignStatus);
  return attempts === 0 ? `Not called: ${why}` : `Not reached: ${why} (called ${attempts} time${attempts === 1 ? '' : 's'})`;
}
