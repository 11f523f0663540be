/** Writes: create (with the draft's Idempotency-Key) and status changes. */
import type { CampaignStatus } from '@contract/enums';
import type { Campaign, CampaignCreate } from '@contract/schemas/campaign';
import { apiRequest } from '@/lib/api-client';

export async function createCampaign(body: CampaignCreate, idempotencyKey: string): Promise<Campaign> {
  return (
    await apiRequest<Campaign>('POST', '/v1/campaigns', {
      body,
      idempotencyKey,
    })
  ).data;
}

export async function changeCampaignStatus(id: string, status: CampaignStatus): Promise<Campaign> {
  return (
    await apiRequest<Campaign>('POST', `/v1/campaigns/${id}/status`, {
      body: { status },
    })
  ).data;
}
