/**
 * What became of a create, by its Idempotency-Key (contract/bff/write-attempts.ts): the key's
 * state, the pending registry entry of a campaign, and the campaign read back upstream when its id
 * is known. A person resolves an unknown outcome: `applied` with the campaign's id (read back and
 * checked against what was sent, then recorded as if the 201 had arrived) or `not-applied` (the
 * key is closed, so nothing replays it; a new attempt takes a new key).
 */
import { BFF_WRITE_ROUTES, type BffWriteName } from '../../../contract/bff/write-routes.plain';
import type { ResolveWriteAttempt, WriteAttempt } from '../../../contract/bff/write-attempts';
import type { Ctx } from '../../context';
import { HttpError } from '../../http';
import { audit } from '../audit';
import * as idempotency from '../idempotency';
import type { Session } from '../auth/sessions';
import { readCampaign, type CampaignRead } from '../campaigns/upstream';
import { recordCampaign, staleAfterMs } from './writes';

/** The campaign as the upstream has it now; a read that got no answer is one that found nothing. */
const readBack = (ctx: Ctx, id: string): Promise<CampaignRead | null> => readCampaign(ctx, id).catch(() => null);

async function currentCampaign(ctx: Ctx, id: string): Promise<WriteAttempt['response']> {
  const read = await readBack(ctx, id);
  return read?.kind === 'found' ? (read.body as WriteAttempt['response']) : null;
}

const actionOf = (routeLabel: string): string =>
  (Object.keys(BFF_WRITE_ROUTES) as BffWriteName[]).find((n) => `${BFF_WRITE_ROUTES[n].method} ${BFF_WRITE_ROUTES[n].path}` === routeLabel) ?? routeLabel;

export async function writeAttempt(ctx: Ctx, session: Session, key: string): Promise<WriteAttempt | null> {
  await idempotency.markStale(ctx.db, staleAfterMs(ctx), session.userId, key);
  const row = await idempotency.read(ctx.db, session.userId, key);
  if (!row) return null;
  const { rows } = await ctx.db.query<{ name: string; agent_id: string; campaign_id: string | null }>(
    'SELECT name, agent_id, campaign_id FROM campaign_attempts WHERE user_id = $1 AND idempotency_key = $2',
    [session.userId, key],
  );
  const pending = rows[0];
  let response: unknown = null;
  if (row.state === 'done' && row.body) {
    try {
      response = JSON.parse(row.body);
    } catch {
      response = null;
    }
  }
  return {
    key,
    action: actionOf(row.route),
    state: row.state,
    startedAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    status: row.state === 'done' ? row.status : null,
    response: response as WriteAttempt['response'],
    campaign: pending
      ? {
          name: pending.name,
          agentId: pending.agent_id,
          campaignId: pending.campaign_id,
          current: pending.campaign_id ? await currentCampaign(ctx, pending.campaign_id) : null,
        }
      : null,
  };
}

export async function resolveWriteAttempt(ctx: Ctx, session: Session, key: string, resolution: ResolveWriteAttempt, requestId: string): Promise<WriteAttempt> {
  const attempt = await writeAttempt(ctx, session, key);
  if (!attempt) throw new HttpError(404, 'No attempt with this key (or it expired).');
  if (attempt.state !== 'unknown') throw new HttpError(409, `This attempt is ${attempt.state}; only an unknown outcome can be resolved.`);
  if (resolution.outcome === 'not-applied') {
    await idempotency.markNotApplied(ctx.db, session.userId, key);
  } else {
    if (!attempt.campaign)
      throw new HttpError(400, 'Only a campaign create can be resolved with a campaign id.', [
        { field: 'campaignId', rejectedValue: resolution.campaignId, message: 'Not a campaign create.' },
      ]);
    const read = await readBack(ctx, resolution.campaignId);
    if (read?.kind !== 'found' || read.campaign.name !== attempt.campaign.name || read.campaign.agentId !== attempt.campaign.agentId) {
      throw new HttpError(400, 'No campaign with this id matches what was sent (name and agent).', [
        { field: 'campaignId', rejectedValue: resolution.campaignId, message: 'Not the campaign of this attempt.' },
      ]);
    }
    await recordCampaign(ctx, session, key, read.campaign);
    await idempotency.complete(ctx.db, session.userId, key, 201, { 'content-type': 'application/json' }, JSON.stringify(read.body));
  }
  await audit(ctx.db, {
    username: session.username,
    action: 'resolve-write',
    route: 'POST /bff/writes/:key/resolve',
    idempotencyKey: key,
    outcome: resolution.outcome,
    status: 200,
    requestId,
  });
  return (await writeAttempt(ctx, session, key))!;
}
