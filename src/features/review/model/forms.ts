/**
 * The admin forms' schemas: the contract's bodies, read from what the form holds (an empty field
 * is "not given", so an optional agent or date left blank is absent, and a required one left blank
 * gets the contract's own "Enter …" message). Field paths stay the contract's, so the messages land
 * under their fields.
 */
import { z } from 'zod';
import { CheckBody, RubricBody, SamplingRuleBody } from '@contract/bff/review';

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
  condition: { kind: string; classifier: string; value: string; field: string; seconds: string };
}

/** Only the fields of the chosen kind of check are sent (the contract refuses the others). */
export function checkInput(v: CheckFormValues): unknown {
  const { kind, classifier, value, field, seconds } = v.condition;
  const condition =
    kind === 'classifierWithoutExtracted'
      ? { kind, classifier, value, field }
      : kind === 'hangUpAfterAnswer' || kind === 'shortDuration'
        ? { kind, seconds }
        : { kind };
  return { ...v, condition };
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
