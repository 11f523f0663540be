/**
 * Contact-frequency caps, BFF <-> SPA: how often one number may be called across every way of
 * calling (one call, bulk calls, campaigns), set by admins ('compliance:admin', permissions.ts).
 * The BFF enforces them on the write path (server/services/compliance/contact-caps.ts), as it enforces the
 * do-not-call list: an over-cap number is refused for one call and left out, with the reason, of a
 * bulk or campaign list.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';

const pluralWord = (n: number, one: string, other = `${one}s`) => (n === 1 ? one : other);
const countOf = (n: number, one: string) => `${n.toLocaleString('en')} ${pluralWord(n, one)}`;

/** The bounds of what an admin may set (a cap outside them is refused with a field error). */
export const CAP_LIMITS = {
  /** Attempts per number in the window. */
  attempts: { min: 1, max: 100 },
  /** The rolling window, in days. */
  windowDays: { min: 1, max: 90 },
  /** Days with no call after a reached call (0: none). */
  quietDays: { min: 0, max: 90 },
} as const;

/** The caps as stored: `attempts` null is "no attempt cap"; `quietDays` 0 is "no quiet period". */
export const ContactCaps = z.object({
  attempts: z.int().nullable(),
  windowDays: z.int(),
  quietDays: z.int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ContactCaps = z.infer<typeof ContactCaps>;

const intIn = (b: { min: number; max: number }, what: string) =>
  z
    .int({ error: `Enter a whole number of ${what}.` })
    .min(b.min, { error: `At least ${b.min}.` })
    .max(b.max, { error: `At most ${b.max}.` });

/** PUT /bff/compliance/caps. */
export const ContactCapsBody = z.strictObject({
  attempts: intIn(CAP_LIMITS.attempts, 'attempts').nullable(),
  windowDays: intIn(CAP_LIMITS.windowDays, 'days'),
  quietDays: intIn(CAP_LIMITS.quietDays, 'days'),
});
export type ContactCapsBody = z.infer<typeof ContactCapsBody>;

/** The settings form: the same fields, typed as text, with "no cap" as its own switch. */
export const ContactCapsForm = z.object({
  capAttempts: z.boolean(),
  attempts: z.coerce.number<string | number>().pipe(intIn(CAP_LIMITS.attempts, 'attempts')),
  windowDays: z.coerce.number<string | number>().pipe(intIn(CAP_LIMITS.windowDays, 'days')),
  quietDays: z.coerce.number<string | number>().pipe(intIn(CAP_LIMITS.quietDays, 'days')),
});
export type ContactCapsForm = z.input<typeof ContactCapsForm>;

/** What a cap check answers per number left out: `attempts` (over the rolling cap) or `quiet` (reached lately). */
export const CAP_KINDS = ['attempts', 'quiet'] as const;
export const CapSkipped = z.object({ index: z.int(), phone: z.string(), kind: z.enum(CAP_KINDS), reason: z.string() });
export type CapSkipped = z.infer<typeof CapSkipped>;

/**
 * POST /bff/compliance/check: which of these numbers a create would leave out for the caps.
 * `attemptsEach` is what the create would add per number: 1 for a call, 1 + retry.max for a campaign.
 */
export const CapCheckBody = z.strictObject({
  phones: z
    .array(z.string().max(64))
    .max(Math.max(LIMITS.campaignRecipients.max, LIMITS.bulkRecipients.max) * 10, { error: 'Too many numbers to check at once.' }),
  attemptsEach: z
    .int()
    .min(1)
    .max(1 + LIMITS.retryMax.max)
    .default(1),
});
export type CapCheckBody = z.input<typeof CapCheckBody>;
export const CapCheckResult = z.object({ skipped: z.array(CapSkipped), caps: ContactCaps });
export type CapCheckResult = z.infer<typeof CapCheckResult>;

/** A bulk or campaign create answers this field when the caps left any recipient out (absent when none). */
export const CAPS_SKIPPED_FIELD = 'capsSkipped' satisfies keyof CapsCreateExtra;
export const CapsCreateExtra = z.object({ capsSkipped: z.array(CapSkipped).optional() });
export type CapsCreateExtra = z.infer<typeof CapsCreateExtra>;

/** The reason told for a number over the attempt cap: "Called 7 times in the last 7 days (cap: 7)". */
export function attemptsReason(counted: number, caps: { attempts: number | null; windowDays: number }, attemptsEach: number): string {
  const window = caps.windowDays === 7 ? 'this week' : `in the last ${countOf(caps.windowDays, 'day')}`;
  const adds = attemptsEach > 1 ? `; this adds up to ${attemptsEach}` : '';
  return `Called ${countOf(counted, 'time')} ${window} (cap: ${caps.attempts} in ${countOf(caps.windowDays, 'day')}${adds})`;
}

/** The reason told for a number reached within the quiet period. */
export function quietReason(reachedAt: string, quietDays: number): string {
  return `Reached on ${reachedAt.slice(0, 10)}: no call for ${countOf(quietDays, 'day')} after a reached call`;
}

/** After a create: "2 of 120 numbers were over the contact caps and left out." */
export function capSkippedSummary(skipped: number, total: number): string {
  return `${skipped.toLocaleString('en')} of ${total.toLocaleString('en')} ${pluralWord(total, 'number', 'numbers')} ${pluralWord(skipped, 'was', 'were')} over the contact caps and left out.`;
}

/** "38 of 120 numbers are over the contact caps and will be skipped." */
export function capSkipSummary(skipped: number, total: number): string {
  return `${skipped.toLocaleString('en')} of ${total.toLocaleString('en')} ${pluralWord(total, 'number', 'numbers')} ${pluralWord(skipped, 'is', 'are')} over the contact caps and will be skipped.`;
}
