/**
 * The one-call form's schema, built from the contract's pieces: an agent id, a phone that
 * normalises to E.164 in the page's default country, an optional campaign, and context variables
 * (names once each, never "system"). Its output is the body of POST /v1/calls.
 */
import { z } from 'zod';
import { Uuid } from '@contract/formats';
import type { CallCreate } from '@contract/schemas/calls-create';
import { normalisePhone, type CountryCode } from '@/lib/recipients/phone';

export const NO_CAMPAIGN = 'none';

/** The outbound agent chosen in a combobox ('' until one is). */
export const OutboundAgentId = z
  .string()
  .refine((v) => v !== '', { error: 'Choose an outbound agent.' })
  .pipe(Uuid);

/** Placing bulk calls: the agent, and a campaign or none (the recipients come from the table import). */
export const bulkSendSchema = z
  .object({ agentId: OutboundAgentId, campaignId: z.string() })
  .transform((v) => ({ agentId: v.agentId, ...(v.campaignId !== NO_CAMPAIGN ? { campaignId: v.campaignId } : {}) }));
export type BulkSendInput = z.input<typeof bulkSendSchema>;
export type BulkSend = z.output<typeof bulkSendSchema>;

export function oneCallSchema(country: CountryCode) {
  return z
    .object({
      agentId: OutboundAgentId,
      phone: z.string().trim().min(1, { error: 'Enter the phone number.' }),
      campaignId: z.string(),
      context: z
        .array(z.object({ key: z.string().trim(), value: z.string() }))
        .refine((rows) => rows.every((r) => r.key !== 'system'), { error: '"system" is reserved.' })
        .refine((rows) => new Set(rows.filter((r) => r.key).map((r) => r.key)).size === rows.filter((r) => r.key).length, {
          error: 'Each variable name once.',
        }),
    })
    .transform((v, ctx): CallCreate => {
      const phone = normalisePhone(v.phone, country);
      if (!phone.ok) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: `This number ${phone.reason}.` });
        return z.NEVER;
      }
      const context = Object.fromEntries(v.context.filter((r) => r.key).map((r) => [r.key, r.value]));
      return {
        agentId: v.agentId,
        recipient: { phone: phone.e164, ...(Object.keys(context).length ? { context } : {}) },
        ...(v.campaignId !== NO_CAMPAIGN ? { campaignId: v.campaignId } : {}),
      };
    });
}

export type OneCallInput = z.input<ReturnType<typeof oneCallSchema>>;

export const oneCallDefaults: OneCallInput = { agentId: '', phone: '', campaignId: NO_CAMPAIGN, context: [{ key: '', value: '' }] };
