/**
 * Placing calls. Each submission carries one Idempotency-Key that the caller keeps until the
 * person changes what they send, so a double click or a retry after a lost answer is replayed by
 * the BFF instead of dialling twice. The BFF makes the call (the browser holds no write token).
 */
import { DNC_SKIPPED_FIELD, type DncSkipped } from '@contract/bff/do-not-call';
import type { Call } from '@contract/schemas/call';
import type { BulkCallCreate, CallCreate } from '@contract/schemas/calls-create';
import { HEADERS } from '@contract/limits';
import { bffWrite } from '@/lib/api-client';

/**
 * The new call (the BFF answers the whole object, read back when the upstream gave only its id), or
 * null when the upstream accepted it without saying which call it is (docs/api-assumptions.md T7).
 */
export function placeCall(body: CallCreate, idempotencyKey: string): Promise<Call | null> {
  return bffWrite<Call | undefined>('createCall', { body, idempotencyKey }).then((r) => (typeof r.data?.id === 'string' ? r.data : null));
}

export interface CallRateLimit {
  limit?: number;
  remaining?: number;
}

/** docs/api-assumptions.md: both X-CallRateLimit-* headers come on every answer of the bulk route, errors included. */
export function readCallRateLimit(headers: Headers | undefined): CallRateLimit {
  const num = (name: string) => {
    const v = headers?.get(name);
    const n = v === null || v === undefined || v === '' ? NaN : Number(v);
    return Number.isFinite(n) ? n : undefined;
  };
  return { limit: num(HEADERS.callRateLimitLimit), remaining: num(HEADERS.callRateLimitRemaining) };
}

export interface BulkResult {
  /** Calls created, when the body lists them (docs/api-assumptions.md: do not depend on it). */
  calls: Call[];
  rate: CallRateLimit;
  status: number;
  /** Recipients the BFF left out because they are on the do-not-call list. */
  skipped: DncSkipped[];
}

export async function placeBulk(body: BulkCallCreate, idempotencyKey: string): Promise<BulkResult> {
  const r = await bffWrite<{ calls?: Call[]; [DNC_SKIPPED_FIELD]?: DncSkipped[] } | undefined>('bulkCalls', { body, idempotencyKey });
  return {
    calls: Array.isArray(r.data?.calls) ? r.data.calls : [],
    rate: readCallRateLimit(r.headers),
    status: r.status,
    skipped: r.data?.[DNC_SKIPPED_FIELD] ?? [],
  };
}
