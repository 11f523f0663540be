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

// Typed as what the form holds in and what the contract gives out (zod cannot see through preprocess).
export const RubricForm = z.preprocess(dropBlank, RubricBody) as unknown as z.ZodType<z.output<typeof RubricBody>, RubricFormValues>;
export const SamplingRuleForm = z.preprocess(dropBlank, SamplingRuleBody) as unknown as z.ZodType<z.output<typeof SamplingRuleBody>, SamplingRuleFormValues>;
export const CheckForm = z.preprocess(dropBlank, CheckBody) as unknown as z.ZodType<z.output<typeof CheckBody>, CheckFormValues>;
