import { z } from 'zod';
import { CampaignStatus, DEFAULT_RETRY_ON, RetryOn, Weekday } from '../enums';
import { Guid, IsoDate, TimeOfDay, Uuid } from '../formats';
import { CALLING_WINDOWS, LIMITS } from '../limits';
import { clipSlot, slotsOverlap, toMinutes } from '../time-slots';
import { isIanaZone } from '../timezone';
import { Recipient } from './recipient';

const windowsText = CALLING_WINDOWS.map((w) => `${w.startTime}-${w.endTime}`).join(' and ');

/** One slot as entered: `HH:mm`, start before end, overlapping a calling window. */
export const TimeSlot = z
  .strictObject({ startTime: TimeOfDay, endTime: TimeOfDay })
  .superRefine((slot, ctx) => {
    if (toMinutes(slot.startTime) >= toMinutes(slot.endTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], input: slot.endTime, message: 'The slot must end after it starts.' });
    } else if (clipSlot(slot).length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['startTime'],
        input: slot.startTime,
        message: `The slot ${slot.startTime}-${slot.endTime} lies outside the calling windows (${windowsText}).`,
      });
    }
  })
  .meta({ id: 'TimeSlot', 'x-calling-windows': CALLING_WINDOWS });
export type TimeSlot = z.infer<typeof TimeSlot>;

export const TimeSlots = z
  .array(TimeSlot)
  .min(LIMITS.timeSlots.min, { error: 'Add at least one time slot.' })
  .max(LIMITS.timeSlots.max, { error: `At most ${LIMITS.timeSlots.max} time slots.` })
  .superRefine((slots, ctx) => {
    const [a, b] = slots;
    if (a && b && slotsOverlap(a, b)) {
      ctx.addIssue({ code: 'custom', path: [1, 'startTime'], input: b.startTime, message: 'The two time slots overlap.' });
    }
  });

export const Days = z
  .array(Weekday)
  .min(LIMITS.days.min, { error: 'Pick at least one weekday.' })
  .max(LIMITS.days.max)
  .refine((days) => new Set(days).size === days.length, { error: 'Each weekday at most once.' });

export const BatchSize = z
  .int({ error: 'Calls per day must be a whole number.' })
  .min(LIMITS.batchSize.min, { error: `Calls per day must be at least ${LIMITS.batchSize.min}.` })
  .max(LIMITS.batchSize.max, { error: `Calls per day must be at most ${LIMITS.batchSize.max}.` });

export const Timezone = z.string().refine(isIanaZone, { error: 'Must be an IANA time zone name, such as Europe/Paris.' });

export const CampaignName = z
  .string()
  .trim()
  .min(LIMITS.campaignName.min, { error: 'Give the campaign a name.' })
  .max(LIMITS.campaignName.max, { error: `Keep the name to ${LIMITS.campaignName.max} characters.` });

/** The retry policy as sent: every field optional, defaults per docs/api-assumptions.md. */
export const RetryInput = z
  .strictObject({
    max: z.int().min(LIMITS.retryMax.min).max(LIMITS.retryMax.max).default(LIMITS.retryMax.default),
    delay: z
      .int()
      .min(LIMITS.retryDelayMinutes.min)
      .max(LIMITS.retryDelayMinutes.max)
      .default(LIMITS.retryDelayMinutes.default)
      .meta({ description: 'Minutes.' }),
    retryOn: z
      .array(RetryOn)
      .refine((v) => new Set(v).size === v.length, { error: 'Each outcome at most once.' })
      .default([...DEFAULT_RETRY_ON]),
  })
  .meta({ id: 'RetryInput' });

export const Retry = z.object({ max: z.int(), delay: z.int().meta({ description: 'Minutes.' }), retryOn: z.array(RetryOn) }).meta({ id: 'Retry' });
export type Retry = z.infer<typeof Retry>;

export const CampaignRecipients = z
  .array(Recipient)
  .min(LIMITS.campaignRecipients.min, { error: 'Add at least one recipient.' })
  .max(LIMITS.campaignRecipients.max, { error: `At most ${LIMITS.campaignRecipients.max} recipients per campaign.` })
  .superRefine((recipients, ctx) => {
    const seen = new Map<string, number>();
    recipients.forEach((r, i) => {
      const first = seen.get(r.phone);
      if (first === undefined) seen.set(r.phone, i);
      else ctx.addIssue({ code: 'custom', path: [i, 'phone'], input: r.phone, message: `Duplicate of recipient ${first + 1}.` });
    });
  });

/** POST /v1/campaigns. `startDate` "today or later in the timezone" needs a clock: see campaign-rules.ts. */
export const CampaignCreate = z
  .strictObject({
    name: CampaignName,
    agentId: Uuid,
    startDate: IsoDate,
    timeSlots: TimeSlots,
    batchSize: BatchSize,
    days: Days,
    retry: RetryInput.optional(),
    recipients: CampaignRecipients,
    timezone: Timezone,
  })
  .meta({ id: 'CampaignCreate' });
export type CampaignCreate = z.input<typeof CampaignCreate>;

export const Campaign = z
  .object({
    id: Guid,
    name: z.string(),
    agentId: Guid,
    startDate: IsoDate,
    timeSlots: z.array(z.object({ startTime: TimeOfDay, endTime: TimeOfDay })).max(LIMITS.timeSlots.max),
    batchSize: z.int().min(LIMITS.batchSize.min).max(LIMITS.batchSize.max),
    days: z.array(Weekday),
    retry: Retry,
    timezone: z.string(),
    status: CampaignStatus,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof Campaign>;

export const CampaignStatusChange = z.strictObject({ status: CampaignStatus }).meta({ id: 'CampaignStatusChange' });
export type CampaignStatusChange = z.infer<typeof CampaignStatusChange>;
