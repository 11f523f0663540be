/**
 * One zod schema per wizard step, composed only from the contract's pieces, so every limit and
 * message is the upstream's own. The start-date rule needs a clock, hence a factory.
 */
import { z } from 'zod';
import { DEFAULT_RETRY_ON } from '@contract/enums';
import { isStartDateAllowed } from '@contract/campaign-rules';
import { IsoDate, Uuid } from '@contract/formats';
import { LIMITS } from '@contract/limits';
import { BatchSize, CampaignName, Days, RetryInput, TimeSlots, Timezone } from '@contract/schemas/campaign';
import { todayIn } from '@contract/timezone';

export { WIZARD_STEPS, type WizardStep } from './wizard-steps';

export const basicsSchema = z.object({
  name: CampaignName,
  agentId: Uuid.or(z.literal('')).refine((v) => v !== '', {
    error: 'Pick an agent.',
  }),
  timezone: Timezone,
});
export type BasicsValues = z.input<typeof basicsSchema>;

/** Schedule: the start date is checked against "today" in the timezone chosen on step 1. */
export function scheduleSchema(timezone: string, now: () => Date = () => new Date()) {
  return z.object({
    startDate: IsoDate.refine((d) => isStartDateAllowed(d, timezone, now()), {
      error: () => `The start date cannot be before today (${todayIn(timezone, now())}) in ${timezone}.`,
    }),
    days: Days,
    timeSlots: TimeSlots,
    batchSize: BatchSize,
  });
}
export type ScheduleValues = z.input<ReturnType<typeof scheduleSchema>>;

/** Retry: off, or the contract's RetryInput; "off" is sent as no retry at all. */
export const retrySchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z
    .object({ enabled: z.literal(true) })
    .extend(RetryInput.required().shape)
    .extend({
      // The contract's pieces with messages a person can act on (same limits, read from LIMITS).
      max: z
        .int()
        .min(Math.max(1, LIMITS.retryMax.min), {
          error: 'With retries on, allow at least one more attempt.',
        })
        .max(LIMITS.retryMax.max, {
          error: `At most ${LIMITS.retryMax.max} more attempts.`,
        }),
      delay: z
        .int({ error: 'The delay is a whole number of minutes.' })
        .min(LIMITS.retryDelayMinutes.min, {
          error: `Wait at least ${LIMITS.retryDelayMinutes.min} minute.`,
        })
        .max(LIMITS.retryDelayMinutes.max, {
          error: `Wait at most ${LIMITS.retryDelayMinutes.max} minutes (a day).`,
        }),
      retryOn: RetryInput.shape.retryOn.unwrap().min(1, { error: 'Pick at least one outcome to retry on.' }),
    }),
]);
export type RetryValues = z.input<typeof retrySchema>;

/**
 * Recipients: what the step's list gives (how many recipients, the column roles' problems, which
 * the table import itself shows) and whether a list over the limit is split into campaigns.
 */
export const recipientsStepSchema = z
  .object({
    count: z.int().min(LIMITS.campaignRecipients.min, { error: 'Add at least one recipient.' }),
    mappingProblems: z.array(z.string()).max(0, { error: 'Set the columns above first.' }),
    split: z.boolean(),
  })
  .refine((v) => v.split || v.count <= LIMITS.campaignRecipients.max, {
    path: ['split'],
    // Said once the count and the columns pass: the columns come first.
    error: 'Split the list into campaigns, or remove recipients to go on.',
  });
export type RecipientsStepValues = z.input<typeof recipientsStepSchema>;

export const DEFAULT_RETRY: Extract<RetryValues, { enabled: true }> = {
  enabled: true,
  max: Math.max(1, LIMITS.retryMax.default),
  delay: LIMITS.retryDelayMinutes.default,
  retryOn: [...DEFAULT_RETRY_ON],
};
