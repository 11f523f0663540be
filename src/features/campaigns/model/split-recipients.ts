/** Beyond the per-campaign recipient limit, the list becomes several campaigns "Name (1/3)"… */
import { LIMITS } from '@contract/limits';

export interface CampaignPart<R> {
  name: string;
  recipients: R[];
  /** A part of "own local hours" (contract/zone-parts.ts): its zone, share of the batch and start date. */
  schedule?: { timezone: string; batchSize: number; startDate: string; startMoved: boolean; unsure: number };
}

export function splitName(name: string, index: number, total: number): string {
  const suffix = ` (${index + 1}/${total})`;
  // Keep the whole name within the limit: shorten the base, never the part number.
  return `${name.trim().slice(0, LIMITS.campaignName.max - suffix.length)}${suffix}`;
}

export function splitRecipients<R>(name: string, recipients: readonly R[], size: number = LIMITS.campaignRecipients.max): CampaignPart<R>[] {
  if (recipients.length <= size) return [{ name, recipients: [...recipients] }];
  const total = Math.ceil(recipients.length / size);
  return Array.from({ length: total }, (_, i) => ({
    name: splitName(name, i, total),
    recipients: recipients.slice(i * size, (i + 1) * size),
  }));
}
