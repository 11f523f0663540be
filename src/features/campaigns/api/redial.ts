/** Redial: the BFF's plan of who a campaign did not reach, and putting it in the wizard's draft. */
import type { RedialPlan } from '@contract/bff/redial';
import { bffRequest } from '@/lib/api-client';
import { guessDefaultCountry } from '@/lib/recipients/phone';
import { redialDraft } from '../model/redial-draft';
import { draftExists, NEW_CAMPAIGN_DRAFT, saveDraft } from './drafts';

export const readRedialPlan = (campaignId: string) => bffRequest<RedialPlan>('GET', `/bff/campaigns/${encodeURIComponent(campaignId)}/redial`);

/** Writes the plan as the wizard's draft; false (nothing written) when there is nobody to call. */
export async function startRedial(plan: RedialPlan): Promise<boolean> {
  if (plan.recipients.length === 0) return false;
  await saveDraft(NEW_CAMPAIGN_DRAFT, redialDraft(plan, guessDefaultCountry()));
  return true;
}

export const hasDraftInProgress = () => draftExists(NEW_CAMPAIGN_DRAFT);
