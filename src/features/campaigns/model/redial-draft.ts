/**
 * A redial plan (the BFF's: who a campaign did not reach, without do-not-call numbers) → a wizard
 * draft pre-filled with those recipients and their context, and the original campaign's agent,
 * time zone, schedule and retry policy, every field editable in the wizard. A start date already
 * past becomes today in the campaign's zone.
 */
import type { RedialPlan } from '@contract/bff/redial';
import { LIMITS } from '@contract/limits';
import { todayIn } from '@contract/timezone';
import type { RecipientsDraft } from '@/lib/recipients/import-draft';
import type { CampaignDraftData } from './wizard-draft';

const SUFFIX = ' (redial)';

export function redialName(name: string): string {
  const max = LIMITS.campaignName.max - SUFFIX.length;
  return `${name.length > max ? name.slice(0, max).trimEnd() : name}${SUFFIX}`;
}

const cell = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export function redialDraft(plan: RedialPlan, defaultCountry: string, now: Date = new Date()): CampaignDraftData {
  const { campaign } = plan;
  const today = todayIn(campaign.timezone, now);
  // Every context variable any recipient carries becomes a column (empty where a row has none).
  const keys = [...new Set(plan.recipients.flatMap((r) => Object.keys(r.context ?? {})))];
  const recipients: RecipientsDraft = {
    fileName: null,
    headers: ['phone', ...keys],
    rows: plan.recipients.map((r, i) => ({ line: i + 2, cells: [r.phone, ...keys.map((k) => cell(r.context?.[k]))] })),
    hasHeader: true,
    delimiter: ',',
    roles: ['phone', ...keys.map(() => 'context' as const)],
    keys: ['phone', ...keys],
    defaultCountry,
  };
  return {
    v: 1,
    basics: { name: redialName(campaign.name), agentId: campaign.agentId, timezone: campaign.timezone },
    schedule: {
      startDate: campaign.startDate < today ? today : campaign.startDate,
      days: [...campaign.days],
      timeSlots: campaign.timeSlots.map((s) => ({ ...s })),
      batchSize: campaign.batchSize,
    },
    retry:
      campaign.retry.max > 0
        ? { enabled: true, max: campaign.retry.max, delay: campaign.retry.delay, retryOn: [...campaign.retry.retryOn] }
        : { enabled: false },
    recipients: plan.recipients.length > 0 ? recipients : null,
    split: false,
    localHours: false,
    unsureZones: 'default',
    submission: null,
  };
}
