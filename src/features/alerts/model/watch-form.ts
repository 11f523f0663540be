/**
 * The watch form: one flat shape a person fills (the fields of every kind of threshold stay, so
 * switching kinds loses nothing typed), checked with the contract's own pieces and turned into an
 * AlertRuleBody. Errors land on the field that holds the value.
 */
import { z } from 'zod';
import { AlertCondition, AlertRuleName, WebhookSecret, WebhookUrl, type AlertRule, type AlertRuleBody } from '@contract/bff/alerts';
import { SavedViewName } from '@contract/bff/http';
import type { CallStatus } from '@contract/enums';
import { STATUS_GROUP_LABELS, type StatusGroup } from '@contract/status-groups';
import { callStatusLabel } from '@/components/status/call-status';

/** Select values for "every status" and "no campaign" (a select has no empty choice). */
export const ANY = 'any';
export const NONE = 'none';

export const WatchForm = z
  .object({
    name: AlertRuleName,
    viewName: SavedViewName,
    kind: z.enum(['count', 'share', 'stuck']),
    windowMinutes: z.number({ error: 'Enter a number of minutes.' }),
    atLeast: z.number({ error: 'Enter a number of calls.' }),
    status: z.string(),
    group: z.string(),
    abovePercent: z.number({ error: 'Enter a percentage.' }),
    minCalls: z.number({ error: 'Enter a number of calls.' }),
    minutes: z.number({ error: 'Enter a number of minutes.' }),
    webhookUrl: z.string(),
    webhookSecret: z.string(),
    pauseCampaignId: z.string(),
    enabled: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const condition = AlertCondition.safeParse(conditionOf(form));
    if (!condition.success) {
      for (const issue of condition.error.issues) {
        const key = String(issue.path[0] ?? 'kind');
        ctx.addIssue({ code: 'custom', path: [key === 'statuses' ? 'status' : key], message: issue.message });
      }
    }
    if (form.webhookUrl.trim()) {
      const url = WebhookUrl.safeParse(form.webhookUrl);
      if (!url.success) ctx.addIssue({ code: 'custom', path: ['webhookUrl'], message: url.error.issues[0]!.message });
      if (form.webhookSecret) {
        const secret = WebhookSecret.safeParse(form.webhookSecret);
        if (!secret.success) ctx.addIssue({ code: 'custom', path: ['webhookSecret'], message: secret.error.issues[0]!.message });
      }
    }
  });
export type WatchForm = z.infer<typeof WatchForm>;

type ConditionInput = Pick<WatchForm, 'kind' | 'windowMinutes' | 'atLeast' | 'status' | 'group' | 'abovePercent' | 'minCalls' | 'minutes'>;

function conditionOf(form: ConditionInput) {
  if (form.kind === 'stuck') return { kind: 'stuck', minutes: form.minutes };
  if (form.kind === 'share')
    return { kind: 'share', group: form.group, windowMinutes: form.windowMinutes, abovePercent: form.abovePercent, minCalls: form.minCalls };
  return { kind: 'count', statuses: form.status !== ANY ? [form.status as CallStatus] : [], windowMinutes: form.windowMinutes, atLeast: form.atLeast };
}

export function toRuleBody(form: WatchForm): AlertRuleBody {
  return {
    name: form.name,
    viewName: form.viewName,
    condition: conditionOf(form) as AlertRuleBody['condition'],
    webhookUrl: form.webhookUrl.trim() || null,
    ...(form.webhookUrl.trim() && form.webhookSecret ? { webhookSecret: form.webhookSecret } : {}),
    pauseCampaignId: form.pauseCampaignId !== NONE ? form.pauseCampaignId : null,
    enabled: form.enabled,
  };
}

export function defaultsFor(viewName: string, rule?: AlertRule): WatchForm {
  const c = rule?.condition;
  return {
    name: rule?.name ?? (viewName ? `Watch ${viewName}` : ''),
    viewName: rule?.viewName ?? viewName,
    kind: c?.kind ?? 'share',
    windowMinutes: c && c.kind !== 'stuck' ? c.windowMinutes : 60,
    atLeast: c?.kind === 'count' ? c.atLeast : 1,
    status: c?.kind === 'count' ? (c.statuses[0] ?? ANY) : ANY,
    group: c?.kind === 'share' ? c.group : 'noAnswer',
    abovePercent: c?.kind === 'share' ? c.abovePercent : 40,
    minCalls: c?.kind === 'share' ? c.minCalls : 5,
    minutes: c?.kind === 'stuck' ? c.minutes : 20,
    webhookUrl: rule?.webhookUrl ?? '',
    webhookSecret: '',
    pauseCampaignId: rule?.pauseCampaignId ?? NONE,
    enabled: rule?.enabled ?? true,
  };
}

/** A threshold in words, for lists. */
export function describeCondition(c: AlertRule['condition']): string {
  if (c.kind === 'stuck') return `a call in progress for more than ${c.minutes} min`;
  if (c.kind === 'share')
    return `${STATUS_GROUP_LABELS[c.group as StatusGroup]} share above ${c.abovePercent} % over ${c.windowMinutes} min (at least ${c.minCalls} ended)`;
  const statuses = c.statuses.map((s) => `“${callStatusLabel(s)}”`).join(' or ');
  return `at least ${c.atLeast} ${statuses ? statuses + ' ' : ''}call${c.atLeast === 1 ? '' : 's'} over ${c.windowMinutes} min`;
}
