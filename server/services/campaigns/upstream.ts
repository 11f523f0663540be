/**
 * The one server-side read of a campaign upstream: GET /v1/campaigns/:id with the BFF's own read
 * token, null on any failure (the caller shows "unknown", never an error). The do-not-call list's
 * holding campaigns read its status; a contact's campaigns read its retry policy and status.
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
  /** The campaign's status upstream now; null when the body carries none (or not as text). */
  status: string | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The campaign as the Voice API has it now (the BFF's own read token); null when it cannot be read. */
export async function campaignUpstream(ctx: Pick<Ctx, 'broker' | 'upstream'>, id: string): Promise<UpstreamCampaign | null> {
  try {
    const token = await ctx.broker.serverToken('campaigns:read');
    const res = await ctx.upstream.request({
      method: 'GET',
      path: `/v1/campaigns/${id}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const text = await res.body.text();
    if (res.statusCode !== 200) return null;
    const raw: unknown = JSON.parse(text);
    if (!isObject(raw)) return null;
    const c = normaliseCampaign(raw);
    return { id, name: c.name, agentId: c.agentId, retry: c.retry, status: typeof raw.status === 'string' ? raw.status : null };
  } catch {
    return null;
  }
}
