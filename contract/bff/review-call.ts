/**
 * What a reviewer sends about one call (docs/review.md): the scores and the note, and comments
 * pinned to a transcript line or a moment of the recording, with the review's limits. Apart from
 * review.ts, which re-exports them, so that the SPA's QA panel builds these few schemas and not the
 * rubrics', the rules' and the reports' (some 200 zod calls, built at the panel's first render).
 */
import { z } from 'zod';

export const REVIEW_LIMITS = {
  rubricItems: 30,
  itemLabel: 120,
  weightMax: 100,
  note: 2000,
  ruleName: 80,
  perDayMax: 500,
  commentText: 2000,
  /** Comments one call may hold, and one person may add per minute (server/services/review/comments.ts). */
  commentsPerCall: 500,
  commentsPerUserPerMinute: 20,
  recordingSecondsMax: 24 * 3600,
  transcriptLineMax: 100_000,
  thresholdSecondsMax: 24 * 3600,
  /** Phrases of one script check or category (any of them counts), and each phrase's length. */
  phrasesMax: 20,
  phraseLength: 200,
} as const;

/** A required text, trimmed, with its messages naming `what` (also the outcomes' clauses). */
export const Trimmed = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, { error: `Enter ${what}.` })
    .max(max, { error: `Keep ${what} to ${max} characters.` });

/** PUT /bff/review/calls/:callId: my scores (item id -> passed), a note, whether I am done. */
export const ReviewBody = z.strictObject({
  rubricVersion: z.int({ error: 'Say which rubric version was scored.' }),
  scores: z.record(
    z.string().regex(/^\d+$/, { error: 'Scores are keyed by rubric item id.' }),
    z.boolean({ error: 'Each item passes (true) or fails (false).' }),
  ),
  note: z
    .string()
    .trim()
    .max(REVIEW_LIMITS.note, { error: `Keep the note to ${REVIEW_LIMITS.note} characters.` })
    .default(''),
  reviewed: z.boolean().default(false),
});
export type ReviewBody = z.input<typeof ReviewBody>;

/** A comment pinned to a transcript line (its index) or to a moment of the recording (seconds). */
export const CommentBody = z
  .strictObject({
    text: Trimmed('the comment', REVIEW_LIMITS.commentText),
    line: z.int({ error: 'The line is a transcript line number.' }).min(0).max(REVIEW_LIMITS.transcriptLineMax).optional(),
    atSeconds: z
      .number({ error: 'The moment is a number of seconds.' })
      .min(0, { error: 'The moment is 0 s or later.' })
      .max(REVIEW_LIMITS.recordingSecondsMax)
      .optional(),
  })
  .superRefine((c, ctx) => {
    if ((c.line === undefined) === (c.atSeconds === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['line'],
        input: c.line,
        message: 'Pin the comment to a transcript line or to a moment of the recording (one of the two).',
      });
  });
export type CommentBody = z.input<typeof CommentBody>;
