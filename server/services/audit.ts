/** The audit log: who did what, when (UTC), through which route, with what outcome. */
import type { Queryable } from '../../common/db';

export interface AuditEvent {
  username: string | null;
  action: string;
  route?: string | null;
  idempotencyKey?: string | null;
  outcome: string;
  status?: number | null;
  requestId: string;
}

/** The event's columns, in the order both inserts below name them. */
function columns(event: AuditEvent): unknown[] {
  return [event.username, event.action, event.route ?? null, event.idempotencyKey ?? null, event.outcome, event.status ?? null, event.requestId];
}

export async function audit(db: Queryable, event: AuditEvent): Promise<void> {
  await db.query('INSERT INTO audit (username, action, route, idempotency_key, outcome, status, request_id) VALUES ($1,$2,$3,$4,$5,$6,$7)', columns(event));
}

/**
 * Records an event that anonymous clients can repeat at will (a rate-limited sign-in) as one row
 * per `key` and window, counting repeats: a flood of them costs one row a minute, not one each,
 * and still shows who, how often and until when. Atomic across instances (a unique key).
 */
export async function auditCollapsed(db: Queryable, event: AuditEvent, key: string, windowMs = 60_000): Promise<void> {
  await db.query(
    `INSERT INTO audit (username, action, route, idempotency_key, outcome, status, request_id, collapse_key, last_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8, now())
     ON CONFLICT (collapse_key) WHERE collapse_key IS NOT NULL DO UPDATE SET repeats = audit.repeats + 1, last_at = now()`,
    [...columns(event), `${key}|${Math.floor(Date.now() / windowMs)}`],
  );
}
