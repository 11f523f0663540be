/**
 * The admin forms' schemas: the contract's bodies, read from what the form holds (an empty field
 * is "not given", so an optional agent or date left blank is absent, and a required one left blank
 * gets the contract's own "Enter …" message). Field paths stay the contract's, so the messages land
 * under their fields.
 */
import { z } from 'zod';
import { CheckBody, ReviewBody, RubricBody, SamplingRuleBody } from '@contract/bff/review';

/** Drops blank strings and empty lists, deeply (arrays keep their positions). */
export function dropBlank(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' && v.trim() === '' ? undefined : dropBlank(v)));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && v.trim() === '') continue;
      if (Array.isArray(v) && v.length === 0) continue;
      out[k] = dropBlank(v);
    }
    return out;
  }
  return value;
}

export interface RubricFormValues {
  items: { label: string; weight: string }[];
  note: string;
}

export interface SamplingRuleFormValues {
  name: string;
  agentId: string;
  campaignName: string;
  from: string;
  to: string;
  status: string[];
  mode: 'perDay' | 'percent';
  amount: string;
}

export interface CheckFormValues {
  name: string;
  agentId: string;
  campaignName: string;
  /** `phrases`: one a line, as typed; `speaker`: AGENT or ANYONE. */
  condition: { kind: string; classifier: string; value: string; field: string; seconds: string; phrases: string; speaker: string };
}

/** The phrases typed one a line, blank lines left out. */
export const phraseLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** Only the fields of the chosen kind of check are sent (the contract refuses the others). */
export function checkInput(v: CheckFormValues): unknown {
  const { kind, classifier, value, field, seconds, phrases, speaker } = v.condition;
  const condition =
    kind === 'classifierWithoutExtracted'
      ? { kind, classifier, value, field }
      : kind === 'hangUpAfterAnswer' || kind === 'shortDuration'
        ? { kind, seconds }
        : kind === 'phraseWithin'
          ? { kind, phrases: phraseLines(phrases), seconds }
          : kind === 'phraseNeverSaid' || kind === 'forbiddenPhrase' || kind === 'category'
            ? { kind, phrases: phraseLines(phrases), speaker }
            : { kind };
  return { ...v, condition };
}

/** The phrases' error as one message: the list's own, or the first phrase's, with its line. */
export function phrasesError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [i, item] of Object.entries(error)) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (/^\d+$/.test(i) && typeof message === 'string') return `Line ${Number(i) + 1}: ${message}`;
  }
  return undefined;
}

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

// Typed as what the form holds in and what the contract gives out (zod cannot see through preprocess).
export const RubricForm = z.preprocess(dropBlank, RubricBody) as unknown as z.ZodType<z.output<typeof RubricBody>, RubricFormValues>;
export const SamplingRuleForm = z.preprocess(dropBlank, SamplingRuleBody) as unknown as z.ZodType<z.output<typeof SamplingRuleBody>, SamplingRuleFormValues>;
export const CheckForm = z.preprocess(dropBlank, CheckBody) as unknown as z.ZodType<z.output<typeof CheckBody>, CheckFormValues>;
