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

export async function audit(db: Queryable, event: AuditEvent): Promise<void> {
  await db.query('INSERT INTO audit (username, action, route, idempotency_key, outcome, status, request_id) VALUES ($1,$2,$3,$4,$5,$6,$7)', [
    event.username,
    event.action,
    event.route ?? null,
    event.idempotencyKey ?? null,
    event.outcome,
    event.status ?? null,
    event.requestId,
  ]);
}
