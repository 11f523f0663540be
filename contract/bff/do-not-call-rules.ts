/**
 * Rules that add numbers to the do-not-call list by themselves: a classifier of an indexed call
 * holding a value (e.g. `opt_out` = `yes`) adds the call's number with source `rule`, the rule's
 * name and the call (docs/review.md). Operators and admins manage them ('do-not-call:manage', permissions.ts).
 */
import { z } from 'zod';
import { DncReason } from './do-not-call';

export const DNC_RULE_LIMITS = { nameMax: 80, valueMax: 200, rulesMax: 50 } as const;

export const DncRuleBody = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name the rule.' })
    .max(DNC_RULE_LIMITS.nameMax, { error: `A rule name is at most ${DNC_RULE_LIMITS.nameMax} characters.` }),
  classifier: z
    .string()
    .trim()
    .min(1, { error: 'Give the classifier’s name, such as opt_out.' })
    .max(DNC_RULE_LIMITS.valueMax, { error: `At most ${DNC_RULE_LIMITS.valueMax} characters.` }),
  value: z
    .string()
    .trim()
    .min(1, { error: 'Give the value that adds the number, such as yes.' })
    .max(DNC_RULE_LIMITS.valueMax, { error: `At most ${DNC_RULE_LIMITS.valueMax} characters.` }),
  reason: DncReason,
});
export type DncRuleBody = z.input<typeof DncRuleBody>;

export const DncRule = z.object({
  id: z.number(),
  name: z.string(),
  classifier: z.string(),
  value: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** Numbers this rule added so far. */
  added: z.number(),
  lastAppliedAt: z.string().nullable(),
});
export type DncRule = z.infer<typeof DncRule>;

export const DNC_RULE_PATHS = { rules: '/bff/do-not-call/rules', rule: (id: number) => `/bff/do-not-call/rules/${id}` } as const;
