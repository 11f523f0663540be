/**
 * The contact page, BFF <-> SPA: one phone number across agents and campaigns, read from the call
 * index (its calls, attempts per campaign, the latest extracted data and classifications, the
 * context values seen), with its do-not-call entry and the QA reviews and comments of its calls.
 * Limits in contacts.plain.ts.
 */
import { z } from 'zod';
import { CallStatus } from '../enums';
import { JsonValue } from '../json';
import { DncEntry } from './do-not-call';
import { RECIPIENT_STATES } from './outcomes.plain';
import { ReviewComment } from './review';

export * from './contacts.plain';

/** The number as given in the URL: any international form; the BFF reads it as E.164 or answers 400. */
export const ContactParams = z.object({
  phone: z.string().trim().min(1, { error: 'Give a phone number.' }).max(64, { error: 'That is too long for a phone number.' }),
});

export const ContactCall = z.object({
  id: z.string(),
  agentId: z.string(),
  type: z.string(),
  status: CallStatus,
  startTime: z.string(),
  endTime: z.string().nullable(),
  duration: z.int().nullable(),
  recorded: z.boolean(),
  campaignName: z.string().nullable(),
});
export type ContactCall = z.infer<typeof ContactCall>;

/** Calls per campaign (null: calls outside any campaign) and the last one's status. */
export const ContactCampaign = z.object({
  campaignName: z.string().nullable(),
  attempts: z.int(),
  lastStatus: CallStatus,
  lastAt: z.string(),
});
export type ContactCampaign = z.infer<typeof ContactCampaign>;

/**
 * A campaign created through Switchboard that was sent this number (its recipients, kept by the
 * BFF), with where the number stands in it: the same state as the campaign's recipients table,
 * from its calls, its retry policy and the campaign's status now (read upstream). A number never
 * called by a cancelled campaign is `ended`, not waiting. state and campaignStatus are null when
 * the campaign could not be read upstream.
 */
export const ContactRecipientOf = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  campaignStatus: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES).nullable(),
  attempts: z.int(),
  /** waitingRetry: an estimate (the last call's end plus the retry delay). */
  nextRetryAround: z.string().nullable(),
  skipReason: z.string().nullable(),
  outcomes: z.array(z.string()),
});
export type ContactRecipientOf = z.infer<typeof ContactRecipientOf>;

/** A call's data as of the newest call that had any. */
export const ContactLatest = z.object({ callId: z.string(), at: z.string(), data: z.record(z.string(), JsonValue) }).nullable();

export const ContactContext = z.object({ key: z.string(), values: z.array(z.string()) });

export const ContactReview = z.object({
  callId: z.string(),
  reviewer: z.string(),
  score: z.number(),
  note: z.string(),
  reviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
});
export type ContactReview = z.infer<typeof ContactReview>;

export const Contact = z
  .object({
    /** The number in E.164. */
    phone: z.string(),
    /** Every indexed call of the number (calls lists the newest CONTACT_LIMITS.calls). */
    totalCalls: z.int(),
    calls: z.array(ContactCall),
    campaigns: z.array(ContactCampaign),
    /** The campaigns created here that were sent the number (newest first, at most CONTACT_LIMITS.recipientOf). */
    recipientOf: z.array(ContactRecipientOf),
    extracted: ContactLatest,
    classification: ContactLatest,
    /** Context keys the calls carried (the reserved `system` left out), with their distinct values. */
    context: z.array(ContactContext),
    doNotCall: DncEntry.nullable(),
    reviews: z.array(ContactReview),
    comments: z.array(ReviewComment),
    /** The index holds every upstream call up to this instant (null: not yet synced). */
    indexedAt: z.string().nullable(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof Contact>;
