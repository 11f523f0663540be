/** Writes, made by the BFF's write routes: create (with the draft's Idempotency-Key) and status changes. */
import type { DncCreateExtra } from '@contract/bff/do-not-call';
import type { CampaignStatus } from '@contract/enums';
import type { Campaign, CampaignCreate } from '@contract/schemas/campaign';
import { bffWrite } from '@/lib/api-client';

/** The campaign, and the recipients the BFF left out because they are on the do-not-call list. */
export async function createCampaign(body: CampaignCreate, idempotencyKey: string): Promise<Campaign & DncCreateExtra> {
  return (await bffWrite<Campaign & DncCreateExtra>('createCampaign', { body, idempotencyKey })).data;
}

export async function changeCampaignStatus(id: string, status: CampaignStatus): Promise<Campaign> {
  return (await bffWrite<Campaign>('changeCampaignStatus', { id, body: { status } })).data;
}
