/**
 * The contact-caps guard of a running campaign, BFF <-> SPA (docs/compliance.md, ADR 0050). A
 * running campaign cannot have one recipient removed upstream, so when some of its recipients are
 * over a contact cap, the campaign's page offers a watched view of the campaign's calls with an
 * alert rule that pauses it (contract/bff/alerts.ts): created in one write, idempotent.
 */
import { z } from 'zod';

export const CAP_GUARD_LIMITS = {
  /** At most this many of a campaign's kept recipients are checked (a campaign holds at most 1,000). */
  recipientsMax: 1_000,
  /** The rule's window: a call of the campaign in the last 15 minutes breaches it. */
  windowMinutes: 15,
} as const;

/** The view's and the rule's name for a campaign (its id's first 8 characters tell namesakes apart; within 80). */
export const capGuardName = (campaignName: string, campaignId: string) => {
  const suffix = ` (${campaignId.slice(0, 8)})`;
  const prefix = 'Cap guard: ';
  const room = 80 - prefix.length - suffix.length;
  const name = campaignName.length > room ? `${campaignName.slice(0, room - 1)}…` : campaignName;
  return `${prefix}${name}${suffix}`;
};

/** Why the rule is "any call of the campaign", said on the page and in the docs. */
export const CAP_GUARD_CONDITION_TEXT =
  'The rule pauses the campaign when it places any call, since some of its recipients are over a cap: a watched view can name one number, not a list, and the Voice API does not say which recipient comes next. Review the numbers, then resume or cancel the campaign.';

export const CapGuardRule = z.object({ id: z.number(), name: z.string(), viewName: z.string() });
export type CapGuardRule = z.infer<typeof CapGuardRule>;

/** GET /bff/campaigns/:id/cap-guard. */
export const CapGuardStatus = z.object({
  /** Whether any contact cap is set (none: nothing to guard, no notice). */
  capsSet: z.boolean(),
  /** Whether the registry holds the campaign (created here, so its recipients are kept). */
  known: z.boolean(),
  /** Kept recipients checked (sent in the create; those the lists left out are not). */
  recipients: z.number(),
  /** Of those, over a cap now, by kind. */
  overCap: z.number(),
  attempts: z.number(),
  quiet: z.number(),
  /** The guard already set for this campaign, if any. */
  guard: CapGuardRule.nullable(),
});
export type CapGuardStatus = z.infer<typeof CapGuardStatus>;

/** POST /bff/campaigns/:id/cap-guard: the guard, and whether this request created it. */
export const CapGuardResult = z.object({ created: z.boolean(), guard: CapGuardRule });
export type CapGuardResult = z.infer<typeof CapGuardResult>;
