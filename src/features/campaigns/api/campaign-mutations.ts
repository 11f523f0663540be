/** Writes, made by the BFF's write routes: create (with the draft's Idempotency-Key) and status changes. */
import type { CapsCreateExtra } from '@contract/bff/contact-caps';
import type { DncCreateExtra } from '@contract/bff/do-not-call';
import type { CampaignStatus } from '@contract/enums';
import type { Campaign, CampaignCreate } from '@contract/schemas/campaign';
import { resolveWriteAttemptPath, writeAttemptPath } from '@contract/bff/write-routes.plain';
import type { ResolveWriteAttempt, WriteAttempt } from '@contract/bff/write-attempts';
import { BFF_HEADERS } from '@contract/bff/http.plain';
import { bffRequest, bffWrite, isApiError } from '@/lib/api-client';

/**
 * The campaign, and the recipients the BFF left out because they are on the do-not-call list;
 * undefined when the upstream created it without saying its id (docs/api-assumptions.md T7).
 */
export async function createCampaign(
  body: CampaignCreate,
  idempotencyKey: string,
  /** A part of a split list: the id every part shares, so the BFF counts a person once over the parts. */
  splitId?: string,
): Promise<(Campaign & DncCreateExtra & CapsCreateExtra) | undefined> {
  const { data } = await bffWrite<(Campaign & DncCreateExtra & CapsCreateExtra) | undefined>('createCampaign', {
    body,
    idempotencyKey,
    headers: splitId ? { [BFF_HEADERS.splitGroup]: splitId } : undefined,
  });
  return typeof data?.id === 'string' ? data : undefined;
}

export async function changeCampaignStatus(id: string, status: CampaignStatus): Promise<Campaign> {
  return (await bffWrite<Campaign>('changeCampaignStatus', { id, body: { status } })).data;
}

/** What became of a create by its Idempotency-Key; null when the BFF has no attempt with it (never sent). */
export async function readWriteAttempt(key: string): Promise<WriteAttempt | null> {
  try {
    return await bffRequest<WriteAttempt>('GET', writeAttemptPath(key));
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Records what a person found about an unknown outcome (the BFF reads an `applied` id back first). */
export function resolveWriteAttempt(key: string, resolution: ResolveWriteAttempt): Promise<WriteAttempt> {
  return bffRequest<WriteAttempt>('POST', resolveWriteAttemptPath(key), resolution);
}
