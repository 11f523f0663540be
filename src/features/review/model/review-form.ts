/**
 * The QA panel's forms (review-panel.tsx): a call's scores and note, checked as the contract's
 * ReviewBody, and a comment's fields, made into a CommentBody. Apart from the admin forms
 * (forms.ts), with the contract's review-call.ts only, so the panel builds none of their schemas.
 */
import { z } from 'zod';
import { ReviewBody } from '@contract/bff/review-call';

export type Score = 'pass' | 'fail';

/** A call's QA review as the form holds it. */
export interface ScoreFormValues {
  /** Per rubric item, in the rubric's order: passed, failed, or not scored yet (null). */
  scores: (Score | null)[];
  note: string;
  /** Which button sent the form: Save (false), or Mark reviewed (true: every item must be scored). */
  reviewed: boolean;
}

interface ScoredRubric {
  version: number;
  items: readonly { id: number; label: string }[];
}

/** The form's first values: my earlier scores when they were given on this rubric version. */
export function scoreDefaults(rubric: ScoredRubric, mine: { rubricVersion: number; scores: Record<string, boolean>; note: string } | null): ScoreFormValues {
  const scores = mine && mine.rubricVersion === rubric.version ? mine.scores : {};
  return {
    scores: rubric.items.map((i) => {
      const passed = scores[String(i.id)];
      return passed === undefined ? null : passed ? 'pass' : 'fail';
    }),
    note: mine?.note ?? '',
    reviewed: false,
  };
}

/** What the QA form gives: the contract's ReviewBody, as parsed. */
export type ScoredReview = z.output<typeof ReviewBody>;

/**
 * The QA form's schema for one rubric: the contract's note rule, and before a call is marked
 * reviewed every item scored (each unscored item's message on its radios). Gives ReviewBody.
 */
export function scoreForm(rubric: ScoredRubric) {
  return z
    .object({ scores: z.array(z.enum(['pass', 'fail']).nullable()), note: ReviewBody.shape.note.unwrap(), reviewed: z.boolean() })
    .superRefine((v, ctx) => {
      if (!v.reviewed) return;
      v.scores.forEach((score, i) => {
        if (score === null) ctx.addIssue({ code: 'custom', path: ['scores', i], message: `"${rubric.items[i]?.label ?? i + 1}" is not scored.` });
      });
    })
    .transform((v): ScoredReview => ({
      rubricVersion: rubric.version,
      scores: Object.fromEntries(rubric.items.flatMap((item, i) => (v.scores[i] ? [[String(item.id), v.scores[i] === 'pass']] : []))),
      note: v.note,
      reviewed: v.reviewed,
    }));
}

export interface CommentFormValues {
  text: string;
  anchor: 'line' | 'moment';
  /** A transcript line's index, as the select holds it. */
  line: string;
  /** Seconds into the recording as typed; blank: the player's position. */
  moment: string;
}

/** The body a comment form gives: pinned to its line, or to its moment (blank: `now`, the player's position). */
export function commentInput(v: CommentFormValues, now: number): unknown {
  if (v.anchor === 'line') return { text: v.text, line: v.line === '' ? undefined : Number(v.line) };
  const seconds = v.moment.trim() === '' ? now : Number(v.moment);
  return { text: v.text, atSeconds: Number.isFinite(seconds) ? Math.round(seconds * 10) / 10 : v.moment };
}

/** CommentBody's field errors on the form's fields (the moment is typed in `moment`). */
export const commentErrorPath = (path: string) => (path === 'atSeconds' ? 'moment' : path);
