/**
 * What became of a create the BFF sent upstream, by its Idempotency-Key (per user):
 * GET /bff/writes/:key answers a WriteAttempt (404: no attempt with this key, so sending it is
 * safe). After a crash, a timeout or a broken answer the state is `unknown`: the upstream may or
 * may not have applied it, and it has no way to ask. The console then lets a person say what they
 * found (POST /bff/writes/:key/resolve): `applied` with the campaign's id (the BFF reads it back
 * upstream and records it in the registry), or `not-applied` (the key is closed; a new attempt
 * takes a new key, knowingly).
 */
import { z } from 'zod';
import { Guid } from '../formats';
import { JsonValue } from '../json';
import { IDEMPOTENCY_KEY_PATTERN } from './http.plain';

export const WriteAttemptState = z.enum([
  /** Sent, no answer yet (another tab or click is waiting for it). */
  'in-flight',
  /** The upstream answered; `status` and `response` hold the answer a retry with this key replays. */
  'done',
  /** Sent, answer never learnt: may or may not have been applied. */
  'unknown',
  /** A person said it was not applied; the key is closed. */
  'not-applied',
]);
export type WriteAttemptState = z.infer<typeof WriteAttemptState>;

/** The campaign a create attempt is about: recorded before it is sent (the pending registry entry). */
export const PendingCampaign = z.object({
  name: z.string(),
  agentId: Guid,
  /** The upstream's id once known (a 201, or a person's `applied` resolution). */
  campaignId: Guid.nullable(),
  /** The campaign as the upstream reads it now, when its id is known (null if it could not be read). */
  current: JsonValue.nullable(),
});
export type PendingCampaign = z.infer<typeof PendingCampaign>;

export const WriteAttempt = z.object({
  key: z.string(),
  /** The BFF write route's name (contract/bff/write-routes.plain.ts): createCampaign, createCall, bulkCalls. */
  action: z.string(),
  state: WriteAttemptState,
  startedAt: z.string(),
  /** After this the key is forgotten (and may be used again). */
  expiresAt: z.string(),
  /** The upstream's status when `done`. */
  status: z.int().nullable(),
  /** The upstream's answer when `done` (the Campaign, the Call...). */
  response: JsonValue.nullable(),
  /** For createCampaign: what was being created. */
  campaign: PendingCampaign.nullable(),
});
export type WriteAttempt = z.infer<typeof WriteAttempt>;

export const ResolveWriteAttempt = z.discriminatedUnion('outcome', [
  z.strictObject({ outcome: z.literal('applied'), campaignId: Guid }),
  z.strictObject({ outcome: z.literal('not-applied') }),
]);
export type ResolveWriteAttempt = z.infer<typeof ResolveWriteAttempt>;

/** `:key` of GET /bff/writes/:key and POST /bff/writes/:key/resolve. */
export const WriteKeyParams = z.strictObject({ key: z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: '8-128 letters, digits, -_.:' }) });
