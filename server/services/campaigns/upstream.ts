/**
 * The one server-side read of a campaign upstream: GET /v1/campaigns/:id. `readCampaign` says what
 * it found (the recipients route words a refusal, the blackout pauses see a campaign gone);
 * `campaignUpstream` is null on any failure (the caller shows "unknown", never an error). The
 * do-not-call list's holding campaigns read its status; a contact's campaigns read its retry policy
 * and status; a create of unknown outcome is read back by id.
 *
 * The body is normalised by the tolerant reader (contract/tolerant.plain.ts), so a campaign whose
 * other fields are absent or odd (docs/api-assumptions.md T1, T2) still answers its status; the
 * status itself is never invented: a body without a string status answers `status: null`.
 */
import type { CallStatus } from '../../../contract/enums';
import { normaliseCampaign } from '../../../contract/tolerant.plain';
import type { Ctx } from '../../context';

export interface UpstreamCampaign {
  id: string;
  name: string;
  agentId: string;
  retry: { max: number; delay: number; retryOn: readonly CallStatus[] };
  /** The campaign's zone; null when the body carries none. */
  timezone: string | null;
  /** The campaign's status upstream now; null when the body carries none (or not as text). */
  status: string | null;
}

/** What one read of a campaign found: the campaign, its absence (404), a refusal, or a body that is not one. */
export type CampaignRead =
  /** `body`: the object as the upstream sent it (a create read back is replayed as it came). */
  { kind: 'found'; campaign: UpstreamCampaign; body: Record<string, unknown> } | { kind: 'gone' } | { kind: 'refused'; status: number } | { kind: 'malformed' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * GET /v1/campaigns/:id with `token` (a person's, for a read on their behalf) or the BFF's own read
 * token. A request that got no answer throws the upstream client's error, for the caller to word.
 */
export async function readCampaign(ctx: Pick<Ctx, 'broker' | 'upstream'>, id: string, token?: string): Promise<CampaignRead> {
  const bearer = token ?? (await ctx.broker.serverToken('campaigns:read'));
  const res = await ctx.upstream.request({
    method: 'GET',
    path: `/v1/campaigns/${id}`,
    headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
  });
  const text = await res.body.text();
  if (res.statusCode === 404) return { kind: 'gone' };
  if (res.statusCode !== 200) return { kind: 'refused', status: res.statusCode };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  if (!isObject(raw)) return { kind: 'malformed' };
  const c = normaliseCampaign(raw);
  return {
    kind: 'found',
    body: raw,
    campaign: {
      id,
      name: c.name,
      agentId: c.agentId,
      retry: c.retry,
      timezone: typeof raw.timezone === 'string' ? raw.timezone : null,
      status: typeof raw.status === 'string' ? raw.status : null,
    },
  };
}

/** The campaign as the Voice API has it now (the BFF's own read token); null when it cannot be read. */
export async function campaignUpstream(ctx: Pick<Ctx, 'broker' | 'upstream'>, id: string): Promise<UpstreamCampaign | null> {
  try {
    const read = await readCampaign(ctx, id);
    return read.kind === 'found' ? read.campaign : null;
  } catch {
    return null;
  }
}
