/** Writes, made by the BFF's write routes: create (with the draft's Idempotency-Key) and status changes. */
import type { CampaignStatus } from '@contract/enums';
import type { Campaign, CampaignCreate } from '@contract/schemas/campaign';
import { bffWrite } from '@/lib/api-client';

export async function createCampaign(body: CampaignCreate, idempotencyKey: string): Promise<Campaign> {
  return (await bffWrite<Campaign>('createCampaign', { body, idempotencyKey })).data;
}

export async function changeCampaignStatus(id: string, status: CampaignStatus): Promise<Campaign> {
  return (await bffWrite<Campaign>('changeCampaignStatus', { id, body: { status } })).data;
}
