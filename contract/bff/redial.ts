/**
 * GET /bff/campaigns/:id/redial: who a campaign did not reach, to call again. A recipient is in
 * when the last call to the number in this campaign ended NO_ANSWER, VOICE_BOX or UNREACHABLE;
 * numbers on the do-not-call list are left out with the reason; each keeps the context its last
 * call carried (without the system variables).
 */
import { z } from 'zod';
import { CallStatus } from '../enums';
import { JsonValue } from '../json';
import { Campaign } from '../schemas/campaign';
import { DncSkipped } from './do-not-call';

export const REDIAL_STATUSES = ['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'] as const;
/** Calls read at most (a campaign has at most 1,000 recipients; retries add calls). */
export const REDIAL_MAX_CALLS = 10_000;

export const RedialRecipient = z.object({
  phone: z.string(),
  context: z.record(z.string(), JsonValue).optional(),
  lastStatus: CallStatus,
  lastCallAt: z.string(),
});
export type RedialRecipient = z.infer<typeof RedialRecipient>;

export const RedialPlan = z.object({
  campaign: Campaign,
  recipients: z.array(RedialRecipient),
  skipped: z.array(DncSkipped),
  /** Distinct numbers the campaign called. */
  called: z.int(),
  /** More calls than REDIAL_MAX_CALLS: the oldest were not read. */
  truncated: z.boolean(),
  /**
   * Other campaigns of the registry with the same name and agent. The Voice API's calls carry a
   * campaign's name, not its id, so their calls are read as this one's; the console says so.
   */
  namesakes: z.int(),
});
export type RedialPlan = z.infer<typeof RedialPlan>;
