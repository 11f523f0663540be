/**
 * QA review, BFF <-> SPA (docs/review.md): rubrics per agent, sampling rules and automatic checks
 * that fill the review queue from the call index, reviews (rubric scores, comments pinned to a
 * transcript line or a moment of the recording), agreement between reviewers, and average scores
 * per agent for Insights. Reviews are Switchboard's own data: every signed-in role may review;
 * rubrics, sampling rules and checks are admins'.
 */
import { z } from 'zod';
import { CallStatus } from '../enums';
import { IsoDate, Uuid } from '../formats';
import { LIMITS } from '../limits';
import { Tz } from './tz';
import { PageQuery, queryInt } from '../queries';
import { Page } from '../schemas/page';
import { REVIEW_LIMITS, Trimmed } from './review-call';

// What a reviewer sends about one call, with the review's limits (review-call.ts says why apart).
export { CommentBody, REVIEW_LIMITS, ReviewBody, Trimmed } from './review-call';
// Who may define rubrics, sampling rules and checks: the permission table's 'review:admin' (permissions.ts); every signed-in role reviews.

// ---------- rubrics ----------

export const RubricItem = z.strictObject({
  label: Trimmed('the item', REVIEW_LIMITS.itemLabel),
  weight: z.coerce
    .number({ error: 'The weight must be a whole number.' })
    .int({ error: 'The weight must be a whole number.' })
    .min(1, { error: 'The weight must be at least 1.' })
    .max(REVIEW_LIMITS.weightMax, { error: `The weight must be at most ${REVIEW_LIMITS.weightMax}.` }),
});
export type RubricItem = z.infer<typeof RubricItem>;

/** PUT /bff/review/rubrics/:agentId: pass/fail items with weights, and a free note. */
export const RubricBody = z
  .strictObject({
    items: z
      .array(RubricItem)
      .min(1, { error: 'Add at least one item to score.' })
      .max(REVIEW_LIMITS.rubricItems, { error: `A rubric has at most ${REVIEW_LIMITS.rubricItems} items.` }),
    note: z
      .string()
      .trim()
      .max(REVIEW_LIMITS.note, { error: `Keep the note to ${REVIEW_LIMITS.note} characters.` })
      .default(''),
  })
  .superRefine((r, ctx) => {
    const seen = new Map<string, number>();
    r.items.forEach((item, i) => {
      const key = item.label.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'label'], input: item.label, message: `"${item.label}" is already item ${seen.get(key)! + 1}.` });
      else seen.set(key, i);
    });
  });
export type RubricBody = z.input<typeof RubricBody>;

export const Rubric = z.object({
  agentId: z.string(),
  /** Raised on every change; a review records the version it was scored against. */
  version: z.int(),
  items: z.array(z.object({ id: z.int(), label: z.string(), weight: z.int() })),
  note: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type Rubric = z.infer<typeof Rubric>;
export const RubricList = z.array(Rubric);
export type RubricList = z.infer<typeof RubricList>;

// ---------- sampling rules ----------

export const SAMPLING_MODES = ['perDay', 'percent'] as const;
export type SamplingMode = (typeof SAMPLING_MODES)[number];

/** Which calls a sampling rule or a check looks at (every part optional; dates inclusive, UTC). */
const Scope = {
  agentId: Uuid.optional(),
  campaignName: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.campaignName.max, { error: `A campaign name is at most ${LIMITS.campaignName.max} characters.` })
    .optional(),
};

export const SamplingRuleBody = z
  .strictObject({
    name: Trimmed('a name', REVIEW_LIMITS.ruleName),
    ...Scope,
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    status: z.array(CallStatus).max(12).optional(),
    mode: z.enum(SAMPLING_MODES, { error: 'Choose "N per day" or "x % at random".' }),
    /** perDay: calls per day (1..500); percent: share of the matching calls, 0.01..100. */
    amount: z.coerce.number({ error: 'Enter a number.' }),
  })
  .superRefine((r, ctx) => {
    if (r.from && r.to && r.from > r.to) ctx.addIssue({ code: 'custom', path: ['from'], input: r.from, message: 'The first day must not be after the last.' });
    if (r.mode === 'perDay' && (!Number.isInteger(r.amount) || r.amount < 1 || r.amount > REVIEW_LIMITS.perDayMax))
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        input: r.amount,
        message: `Calls per day must be a whole number from 1 to ${REVIEW_LIMITS.perDayMax}.`,
      });
    if (r.mode === 'percent' && !(r.amount >= 0.01 && r.amount <= 100 && Math.round(r.amount * 100) === r.amount * 100))
      ctx.addIssue({ code: 'custom', path: ['amount'], input: r.amount, message: 'The share must be from 0.01 to 100 %, with at most two decimals.' });
  });
export type SamplingRuleBody = z.input<typeof SamplingRuleBody>;

export const SamplingRule = z.object({
  id: z.int(),
  name: z.string(),
  agentId: z.string().nullable(),
  campaignName: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  status: z.array(CallStatus),
  mode: z.enum(SAMPLING_MODES),
  amount: z.number(),
  /** Calls this rule has put in the queue so far. */
  queued: z.int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type SamplingRule = z.infer<typeof SamplingRule>;

// ---------- automatic checks ----------

export const CHECK_KINDS = [
  'classifierWithoutExtracted',
  'hangUpAfterAnswer',
  'transferredWithoutSummary',
  'shortDuration',
  'phraseWithin',
  'phraseNeverSaid',
  'forbiddenPhrase',
  'category',
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

/** The kinds that read what was said (script checks over the transcript, docs/review.md). */
export const SCRIPT_CHECK_KINDS = ['phraseWithin', 'phraseNeverSaid', 'forbiddenPhrase', 'category'] as const satisfies readonly CheckKind[];
export type ScriptCheckKind = (typeof SCRIPT_CHECK_KINDS)[number];

/** How the console names each kind of check. */
export const CHECK_KIND_LABELS: Record<CheckKind, string> = {
  classifierWithoutExtracted: 'Classifier is a value but an extracted field is empty',
  hangUpAfterAnswer: 'Hang-up within N s of the answer',
  transferredWithoutSummary: 'Transferred without a summary',
  shortDuration: 'Duration under N s',
  phraseWithin: 'Agent did not say a phrase within N s of the answer',
  phraseNeverSaid: 'A phrase was never said',
  forbiddenPhrase: 'A forbidden phrase was said',
  category: 'Category: one of a set of phrases was said',
};

/** Whose words a script check reads. */
export const SPEAKERS = ['AGENT', 'ANYONE'] as const;
export type Speaker = (typeof SPEAKERS)[number];
export const SPEAKER_LABELS: Record<Speaker, string> = { AGENT: 'The agent', ANYONE: 'Anyone on the call' };

const Seconds = z.coerce
  .number({ error: 'Enter a number of seconds.' })
  .int({ error: 'Enter a whole number of seconds.' })
  .min(1, { error: 'Enter at least 1 second.' })
  .max(REVIEW_LIMITS.thresholdSecondsMax, { error: `Enter at most ${REVIEW_LIMITS.thresholdSecondsMax} seconds.` });

/** A dotted path into the extracted data (groups of extractors nest): `address.city`. */
export const ExtractedPath = z
  .string({ error: 'Enter the extracted field.' })
  .trim()
  .min(1, { error: 'Enter the extracted field.' })
  .max(200)
  .refine((p) => p.split('.').length <= 5 && p.split('.').every((s) => s.trim() !== ''), {
    error: 'Write the field as name, or group.name (at most 5 levels).',
  });

/**
 * The phrases of a script check: any of them counts. Matched as a phrase (the words in this order)
 * within one transcript line, case and accents aside, in any language (no stemming: ADR 0042).
 */
export const Phrases = z
  .array(
    Trimmed('a phrase', REVIEW_LIMITS.phraseLength).refine((s) => /[\p{L}\p{N}]/u.test(s), { error: 'A phrase needs at least one letter or digit.' }),
    { error: 'Enter at least one phrase.' },
  )
  .min(1, { error: 'Enter at least one phrase.' })
  .max(REVIEW_LIMITS.phrasesMax, { error: `Enter at most ${REVIEW_LIMITS.phrasesMax} phrases.` });

const Speaker = z.enum(SPEAKERS, { error: `Choose whose words: ${SPEAKERS.join(' or ')}.` }).default('AGENT');

export const CheckCondition = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('classifierWithoutExtracted'),
      classifier: Trimmed('the classifier', 100),
      value: Trimmed('the classifier value', 200),
      field: ExtractedPath,
    }),
    z.strictObject({ kind: z.literal('hangUpAfterAnswer'), seconds: Seconds }),
    z.strictObject({ kind: z.literal('transferredWithoutSummary') }),
    z.strictObject({ kind: z.literal('shortDuration'), seconds: Seconds }),
    /** Flags a reached call whose agent said none of the phrases within `seconds` of the answer. */
    z.strictObject({ kind: z.literal('phraseWithin'), phrases: Phrases, seconds: Seconds }),
    /** Flags a reached call on which none of the phrases was said (by the speaker). */
    z.strictObject({ kind: z.literal('phraseNeverSaid'), phrases: Phrases, speaker: Speaker }),
    /** Flags a call on which one of the phrases was said (by the speaker). */
    z.strictObject({ kind: z.literal('forbiddenPhrase'), phrases: Phrases, speaker: Speaker }),
    /** A named phrase set: marks every call on which one of the phrases was said; counted in Insights. */
    z.strictObject({ kind: z.literal('category'), phrases: Phrases, speaker: Speaker }),
  ],
  { error: `Choose what the check looks for: one of ${CHECK_KINDS.join(', ')}.` },
);
export type CheckCondition = z.infer<typeof CheckCondition>;

export const CheckBody = z.strictObject({
  name: Trimmed('a name', REVIEW_LIMITS.ruleName),
  ...Scope,
  condition: CheckCondition,
});
export type CheckBody = z.input<typeof CheckBody>;

export const Check = z.object({
  id: z.int(),
  name: z.string(),
  agentId: z.string().nullable(),
  campaignName: z.string().nullable(),
  condition: CheckCondition,
  /** Calls this check has flagged so far. */
  flagged: z.int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Check = z.infer<typeof Check>;

export const RuleId = queryInt({ whole: 'Must be an id (a whole number).', min: 1, tooSmall: 'Must be an id (a whole number).' });
export const RuleParams = z.object({ id: RuleId });

export const FillResult = z.object({ sampled: z.int(), flagged: z.int() });
export type FillResult = z.infer<typeof FillResult>;

/** GET /bff/review/categories: calls each category marked, by the calls' start, with Insights' range and filters. */
export const CategoryCountsQuery = z.strictObject({ from: IsoDate.optional(), to: IsoDate.optional(), tz: Tz, ...Scope }).superRefine((q, ctx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` must not be after `to`.' });
});
export type CategoryCountsQuery = z.input<typeof CategoryCountsQuery>;

export const CategoryCount = z.object({ checkId: z.int(), name: z.string(), calls: z.int() });
export type CategoryCount = z.infer<typeof CategoryCount>;
export const CategoryCounts = z.object({ content: z.array(CategoryCount) });
export type CategoryCounts = z.infer<typeof CategoryCounts>;

// ---------- the queue ----------

/** Why a call is in the queue: a sampling rule, or a check that flagged it (with its name). */
export const QueueSource = z.object({ kind: z.enum(['sample', 'check']), ruleId: z.int(), rule: z.string() });
export type QueueSource = z.infer<typeof QueueSource>;

export const QUEUE_STATES = ['todo', 'reviewed', 'all'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const QueueQuery = PageQuery.extend({
  /** todo: not yet marked reviewed by me; reviewed: marked by me. */
  state: z.enum(QUEUE_STATES, { error: `The state is one of ${QUEUE_STATES.join(', ')}.` }).default('todo'),
  agentId: Uuid.optional(),
});
export type QueueQuery = z.input<typeof QueueQuery>;

export const QueueItem = z.object({
  callId: z.string(),
  agentId: z.string(),
  phone: z.string(),
  status: CallStatus,
  startTime: z.string(),
  duration: z.int().nullable(),
  campaignName: z.string().nullable(),
  addedAt: z.string(),
  sources: z.array(QueueSource),
  /** Reviews marked done, by anyone. */
  reviews: z.int(),
  /** Whether I marked it reviewed. */
  reviewedByMe: z.boolean(),
});
export type QueueItem = z.infer<typeof QueueItem>;
export const QueuePage = Page(QueueItem);
export type QueuePage = z.infer<typeof QueuePage>;

/** GET /bff/review/queue/next?after=: the next call I have not reviewed, in queue order. */
export const QueueNextQuery = z.strictObject({ after: Uuid.optional(), agentId: Uuid.optional() });
export const QueueNext = z.object({ callId: z.string().nullable(), remaining: z.int() });
export type QueueNext = z.infer<typeof QueueNext>;

// ---------- reviews ----------

export const CallParams = z.object({ callId: Uuid });

export const Review = z.object({
  callId: z.string(),
  reviewer: z.string(),
  rubricVersion: z.int(),
  scores: z.record(z.string(), z.boolean()),
  /** Passed weight / total weight, 0..100. */
  score: z.number(),
  note: z.string(),
  reviewed: z.boolean(),
  reviewedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewComment = z.object({
  id: z.int(),
  callId: z.string(),
  author: z.string(),
  text: z.string(),
  line: z.int().nullable(),
  atSeconds: z.number().nullable(),
  createdAt: z.string(),
});
export type ReviewComment = z.infer<typeof ReviewComment>;
export const CommentParams = z.object({ id: RuleId });

/** Agreement between the reviewers who scored a call against the same rubric version. */
export const Agreement = z.object({
  reviewers: z.array(z.string()),
  /** Items every reviewer scored alike, of the items all of them scored. */
  itemsAgreed: z.int(),
  items: z.int(),
  /** itemsAgreed / items, 0..1; null when there is no common item. */
  share: z.number().nullable(),
  /** Highest score minus lowest, in points. */
  scoreSpread: z.number(),
});
export type Agreement = z.infer<typeof Agreement>;

/** GET /bff/review/calls/:callId: everything the review panel shows. */
export const CallReview = z.object({
  callId: z.string(),
  /** Null when the call is not in the index yet. */
  agentId: z.string().nullable(),
  rubric: Rubric.nullable(),
  inQueue: z.boolean(),
  sources: z.array(QueueSource),
  mine: Review.nullable(),
  others: z.array(Review),
  agreement: Agreement.nullable(),
  comments: z.array(ReviewComment),
});
export type CallReview = z.infer<typeof CallReview>;

// ---------- figures and export ----------

export const ScoresQuery = z.strictObject({ from: IsoDate.optional(), to: IsoDate.optional(), tz: Tz, agentId: Uuid.optional() }).superRefine((q, ctx) => {
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` must not be after `to`.' });
});
export type ScoresQuery = z.input<typeof ScoresQuery>;

export const AgentScore = z.object({
  agentId: z.string(),
  /** Reviews marked done. */
  reviews: z.int(),
  calls: z.int(),
  averageScore: z.number().nullable(),
  /** Mean agreement share over calls scored by two reviewers or more; null when none. */
  agreement: z.number().nullable(),
});
export type AgentScore = z.infer<typeof AgentScore>;
export const AgentScores = z.object({ content: z.array(AgentScore) });
export type AgentScores = z.infer<typeof AgentScores>;

export const REVIEW_CSV_COLUMNS = [
  'callId',
  'agentId',
  'callStart',
  'reviewer',
  'reviewed',
  'reviewedAt',
  'score',
  'passed',
  'failed',
  'note',
  /** How many comments the reviewer pinned on the call. */
  'commentCount',
  /** Their texts, one a line, each after where it is pinned ("Line 3: …", "At 12.5 s: …"). */
  'comments',
  'rubricVersion',
] as const;

/** The weighted score: passed weight over total weight, in points 0..100, two decimals. */
export function rubricScore(items: readonly { id: number; weight: number }[], scores: Readonly<Record<string, boolean>>): number {
  const total = items.reduce((n, i) => n + i.weight, 0);
  const passed = items.reduce((n, i) => n + (scores[String(i.id)] ? i.weight : 0), 0);
  return total === 0 ? 0 : Math.round((passed / total) * 10_000) / 100;
}

/** Agreement of several reviews of one call (each a map item id -> passed); null under two reviews. */
export function agreementOf(reviews: readonly { reviewer: string; scores: Readonly<Record<string, boolean>>; score: number }[]): Agreement | null {
  if (reviews.length < 2) return null;
  const common = Object.keys(reviews[0]!.scores).filter((id) => reviews.every((r) => id in r.scores));
  const agreed = common.filter((id) => reviews.every((r) => r.scores[id] === reviews[0]!.scores[id])).length;
  const scores = reviews.map((r) => r.score);
  return {
    reviewers: reviews.map((r) => r.reviewer),
    itemsAgreed: agreed,
    items: common.length,
    share: common.length ? agreed / common.length : null,
    scoreSpread: Math.round((Math.max(...scores) - Math.min(...scores)) * 100) / 100,
  };
}
