/**
 * Placing calls. Each submission carries one Idempotency-Key that the caller keeps until the
 * person changes what they send, so a double click or a retry after a lost answer is replayed by
 * the BFF instead of dialling twice. The BFF makes the call (the browser holds no write token).
 */
import { CAPS_SKIPPED_FIELD, type CapSkipped } from '@contract/bff/contact-caps';
import { DNC_SKIPPED_FIELD, type DncSkipped } from '@contract/bff/do-not-call';
import { HOURS_SKIPPED_FIELD, OVERRIDE_LOCAL_HOURS_HEADER, type HoursSkipped } from '@contract/bff/local-hours';
import type { Call } from '@contract/schemas/call';
import type { BulkCallCreate, CallCreate } from '@contract/schemas/calls-create';
import { HEADERS } from '@contract/limits';
import { bffWrite } from '@/lib/api-client';

/**
 * The new call (the BFF answers the whole object, read back when the upstream gave only its id), or
 * null when the upstream accepted it without saying which call it is (docs/api-assumptions.md T7).
 */
/** `overrideHours`: call anyway, outside the recipients' local hours (roles with 'calls:override-hours'). */
const overrideHeaders = (overrideHours: boolean) => (overrideHours ? { [OVERRIDE_LOCAL_HOURS_HEADER]: 'true' } : undefined);

export function placeCall(body: CallCreate, idempotencyKey: string, overrideHours = false): Promise<Call | null> {
  return bffWrite<Call | undefined>('createCall', { body, idempotencyKey, headers: overrideHeaders(overrideHours) }).then((r) =>
    typeof r.data?.id === 'string' ? r.data : null,
  );
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
  /** Recipients the BFF left out because they are over the contact caps. */
  capped: CapSkipped[];
  /** Recipients the BFF held back: outside their local calling hours. */
  held: HoursSkipped[];
}

export async function placeBulk(body: BulkCallCreate, idempotencyKey: string, overrideHours = false): Promise<BulkResult> {
  const r = await bffWrite<
    { calls?: Call[]; [DNC_SKIPPED_FIELD]?: DncSkipped[]; [CAPS_SKIPPED_FIELD]?: CapSkipped[]; [HOURS_SKIPPED_FIELD]?: HoursSkipped[] } | undefined
  >('bulkCalls', { body, idempotencyKey, headers: overrideHeaders(overrideHours) });
  return {
    calls: Array.isArray(r.data?.calls) ? r.data.calls : [],
    rate: readCallRateLimit(r.headers),
    status: r.status,
    skipped: r.data?.[DNC_SKIPPED_FIELD] ?? [],
    capped: r.data?.[CAPS_SKIPPED_FIELD] ?? [],
    held: r.data?.[HOURS_SKIPPED_FIELD] ?? [],
  };
}
