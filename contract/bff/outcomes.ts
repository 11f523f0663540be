/**
 * Outcomes and campaign recipients, BFF <-> SPA (docs/outcomes.md).
 * - An outcome is a named condition over an indexed call (every clause must hold), attached to an
 *   agent or to a campaign name: "booked" = COMPLETED and intent = yes and appointment.date present.
 *   Its clauses are the automatic checks' pieces (status, a classifier's value, an extracted field,
 *   duration, tags, transcript events), written as a list. Admins define them ('review:admin').
 * - A campaign's recipients: the numbers the BFF sent when it created the campaign, each with its
 *   state joined from the call index by phone number, campaign name and agent.
 */
import { z } from 'zod';
import { CallStatus } from '../enums';
import { Uuid } from '../formats';
import { LIMITS } from '../limits';
import { CampaignProgressQuery } from './index';
import { CategoryCountsQuery, ExtractedPath, REVIEW_LIMITS, Trimmed } from './review';
import { RECIPIENT_STATES } from './outcomes.plain';

export const OUTCOME_LIMITS = {
  name: 80,
  clausesMax: 10,
  valueMax: 200,
  /** Outcomes in force at once (each is evaluated as the index writes calls). */
  outcomesMax: 50,
} as const;

const Seconds = z.coerce
  .number({ error: 'Enter a number of seconds.' })
  .int({ error: 'Enter a whole number of seconds.' })
  .min(0, { error: 'Enter 0 seconds or more.' })
  .max(REVIEW_LIMITS.thresholdSecondsMax, { error: `Enter at most ${REVIEW_LIMITS.thresholdSecondsMax} seconds.` });

export const CLAUSE_KINDS = ['status', 'classifier', 'extracted', 'duration', 'tag', 'transcript'] as const;
export type ClauseKind = (typeof CLAUSE_KINDS)[number];

/** How the console names each kind of clause. */
export const CLAUSE_KIND_LABELS: Record<ClauseKind, string> = {
  status: 'Status is one of',
  classifier: 'A classifier has a value',
  extracted: 'An extracted field is present (or has a value)',
  duration: 'Duration',
  tag: 'Has a tag',
  transcript: 'A transcript event happened (or not)',
};

export const TRANSCRIPT_EVENTS = ['answeringMachine', 'transfer'] as const;
export const TRANSCRIPT_EVENT_LABELS: Record<(typeof TRANSCRIPT_EVENTS)[number], string> = {
  answeringMachine: 'Answering machine detected',
  transfer: 'Transferred during the call',
};

export const OutcomeClause = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('status'),
      statuses: z.array(CallStatus, { error: 'Choose at least one status.' }).min(1, { error: 'Choose at least one status.' }).max(12),
    }),
    z.strictObject({
      kind: z.literal('classifier'),
      classifier: Trimmed('the classifier', 100),
      value: Trimmed('the classifier value', OUTCOME_LIMITS.valueMax),
    }),
    z
      .strictObject({
        kind: z.literal('extracted'),
        field: ExtractedPath,
        /** Absent or empty: the field is present (not empty); a value: the field equals it (as text). */
        value: z
          .string()
          .trim()
          .max(OUTCOME_LIMITS.valueMax, { error: `Keep the value to ${OUTCOME_LIMITS.valueMax} characters.` })
          .optional(),
      })
      .transform((c) => (c.value ? c : { kind: c.kind, field: c.field })),
    z.strictObject({
      kind: z.literal('duration'),
      op: z.enum(['atLeast', 'under'], { error: 'Choose "at least" or "under".' }),
      seconds: Seconds,
    }),
    z.strictObject({ kind: z.literal('tag'), tag: Trimmed('the tag', OUTCOME_LIMITS.valueMax) }),
    z.strictObject({
      kind: z.literal('transcript'),
      event: z.enum(TRANSCRIPT_EVENTS, { error: 'Choose a transcript event.' }),
      happened: z.boolean(),
    }),
  ],
  { error: `Choose what the clause looks at: one of ${CLAUSE_KINDS.join(', ')}.` },
);
export type OutcomeClause = z.output<typeof OutcomeClause>;

/** POST /bff/outcomes: attached to exactly one of an agent or a campaign name. */
export const OutcomeBody = z
  .strictObject({
    name: Trimmed('a name', OUTCOME_LIMITS.name),
    agentId: Uuid.optional(),
    campaignName: z
      .string()
      .trim()
      .max(LIMITS.campaignName.max, { error: `A campaign name is at most ${LIMITS.campaignName.max} characters.` })
      .optional(),
    clauses: z
      .array(OutcomeClause, { error: 'Add at least one condition.' })
      .min(1, { error: 'Add at least one condition.' })
      .max(OUTCOME_LIMITS.clausesMax, { error: `An outcome has at most ${OUTCOME_LIMITS.clausesMax} conditions.` }),
  })
  .superRefine((b, ctx) => {
    if (!b.agentId && !b.campaignName)
      ctx.addIssue({ code: 'custom', path: ['agentId'], input: b.agentId, message: 'Attach the outcome to an agent or to a campaign.' });
    if (b.agentId && b.campaignName)
      ctx.addIssue({ code: 'custom', path: ['campaignName'], input: b.campaignName, message: 'Attach the outcome to an agent or to a campaign, not both.' });
  });
export type OutcomeBody = z.input<typeof OutcomeBody>;

export const Outcome = z.object({
  id: z.int(),
  name: z.string(),
  agentId: z.string().nullable(),
  campaignName: z.string().nullable(),
  clauses: z.array(OutcomeClause),
  /** Indexed calls that meet it now. */
  calls: z.int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Outcome = z.infer<typeof Outcome>;

export const OutcomeList = z.array(Outcome);

// ---------- a campaign's recipients ----------

export {
  CALLING_CAMPAIGN_STATUSES,
  campaignEnded,
  campaignEndWords,
  endedText,
  RECIPIENT_STATES,
  RECIPIENT_STATE_LABELS,
  type RecipientState,
} from './outcomes.plain';

export const CampaignRecipient = z.object({
  phone: z.string(),
  state: z.enum(RECIPIENT_STATES),
  /** Calls placed to the number in this campaign. */
  attempts: z.int(),
  lastStatus: CallStatus.nullable(),
  lastCallAt: z.string().nullable(),
  lastCallId: z.string().nullable(),
  /** waitingRetry: an estimate (the last call's end plus the retry delay); the upstream schedules retries. */
  nextRetryAround: z.string().nullable(),
  /** Names of the outcomes its calls met. */
  outcomes: z.array(z.string()),
  /** skipped: why (do-not-call; refused upstream). */
  skipReason: z.string().nullable(),
  /** On the do-not-call list now (added after the campaign was created). */
  listedNow: z.boolean(),
});
export type CampaignRecipient = z.infer<typeof CampaignRecipient>;

export const FunnelOutcome = z.object({ id: z.int(), name: z.string(), recipients: z.int() });

/**
 * The funnel over every part of a split list (the campaigns created from one list, per time zone or
 * past the recipient limit, linked by the wizard's split id): each person (phone number) counted
 * once, however many parts were sent it.
 */
export const SplitFunnel = z.object({
  /** Every part, this one included, in the order they were created. */
  parts: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Distinct numbers sent over the parts (skipped ones left out). */
  people: z.int(),
  /** Numbers sent over the parts, a number in two parts counted twice (the sum of the parts' recipients). */
  sent: z.int(),
  attempted: z.int(),
  reached: z.int(),
  /** Each outcome of any part (or its agent): the people whose calls in a part it applies to met it. */
  outcomes: z.array(FunnelOutcome),
});
export type SplitFunnel = z.infer<typeof SplitFunnel>;

export const CampaignRecipients = z.discriminatedUnion('known', [
  z.object({
    known: z.literal(true),
    funnel: z.object({
      recipients: z.int(),
      attempted: z.int(),
      reached: z.int(),
      outcomes: z.array(FunnelOutcome),
      skipped: z.int(),
      /** Recipients sent whom no call will reach any more: the campaign ended (cancelled) before they were reached. */
      ended: z.int(),
    }),
    recipients: z.array(CampaignRecipient),
    /** How many recipients are in each state. */
    states: z.record(z.enum(RECIPIENT_STATES), z.int()),
    retry: z.object({ max: z.int(), delay: z.int(), retryOn: z.array(CallStatus) }),
    /** When the recipients are erased (the retention), ISO. */
    keptUntil: z.string(),
    /** The campaign's status as the Voice API says now (ACTIVE, PAUSED, CANCELLED, …): an ended one places no more calls. */
    campaignStatus: z.string(),
    /** A part of a split list: the funnel over all its parts, each person once; null otherwise. */
    split: SplitFunnel.nullable(),
  }),
  z.object({
    known: z.literal(false),
    /** Why there is no recipient list. */
    reason: z.string(),
  }),
]);
export type CampaignRecipients = z.infer<typeof CampaignRecipients>;

// ---------- outcome counts per campaign (the campaigns list) ----------

/** GET /bff/outcomes/campaigns?id=…: the same ids as the list's progress (at most a page of them). */
export const CampaignOutcomesQuery = CampaignProgressQuery;

export const CampaignOutcomeCounts = z.object({
  campaignId: z.string(),
  /** Recipients sent (kept by Switchboard); null when none are kept (created elsewhere, erased). */
  recipients: z.int().nullable(),
  /** Each outcome of the campaign or its agent: the recipients whose calls met it. */
  outcomes: z.array(FunnelOutcome),
});
export type CampaignOutcomeCounts = z.infer<typeof CampaignOutcomeCounts>;
export const CampaignOutcomeCountsList = z.array(CampaignOutcomeCounts);

// ---------- outcome counts over a range (Insights) ----------

/** GET /bff/outcomes/counts: Insights' range and filters, as its categories (from, to, tz, agentId, campaignName). */
export const OutcomeCountsQuery = CategoryCountsQuery;
export type OutcomeCountsQuery = z.input<typeof OutcomeCountsQuery>;

export const OutcomeCount = z.object({
  outcomeId: z.int(),
  name: z.string(),
  /** What the outcome is attached to (one of the two). */
  agentId: z.string().nullable(),
  campaignName: z.string().nullable(),
  /** Indexed calls started in the range (and the filters) that met the outcome. */
  calls: z.int(),
  /** Indexed calls started in the range (and the filters) of the outcome's agent or campaign: the rate's base. */
  scoped: z.int(),
  /** calls / scoped, 0 to 1; null when no call of the outcome's agent or campaign is in the range. */
  rate: z.number().nullable(),
});
export type OutcomeCount = z.infer<typeof OutcomeCount>;
export const OutcomeCounts = z.object({ content: z.array(OutcomeCount) });
export type OutcomeCounts = z.infer<typeof OutcomeCounts>;
