/**
 * Webhook deliveries: each due delivery is claimed with a lease, POSTed once (signed), and its
 * attempt recorded; a failure is tried again with back-off until ALERT_RETRY_ATTEMPTS, then given
 * up. Sends run beside everything else (never awaited by the evaluation or the pauses), at most a
 * few at a time, each bounded by its timeout: a receiver that hangs or fails blocks nothing.
 */
import type { Queryable } from '../../../common/db';
import { backoffMs, postWebhook } from './webhook';
import type { Agent } from 'undici';

export interface DeliverySettings {
  retryBaseMs: number;
  attempts: number;
  timeoutMs: number;
  /** Sends in flight at once. */
  parallel: number;
}

interface DeliveryRow {
  id: string;
  event: string;
  url: string;
  secret: string;
  payload: string;
  attempts: number;
}

export class DeliveryWorker {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Queryable,
    private readonly agent: Agent,
    private readonly settings: DeliverySettings,
  ) {}

  /** Starts the due deliveries there is room for; returns at once. */
  async kick(): Promise<void> {
    const room = this.settings.parallel - this.inFlight.size;
    if (room <= 0) return;
    const due = await this.db.query<{ id: string }>(
      `SELECT id FROM alert_deliveries WHERE state IN ('pending', 'retrying') AND next_at <= now() ORDER BY next_at, id LIMIT $1`,
      [room],
    );
    for (const { id } of due.rows) {
      // The lease: the send's longest life and margin; the outcome below replaces it.
      const claimed = await this.db.query<DeliveryRow>(
        `UPDATE alert_deliveries SET attempts = attempts + 1, next_at = now() + ($2::int * interval '1 millisecond')
          WHERE id = $1 AND state IN ('pending', 'retrying') AND next_at <= now()
          RETURNING id, event, url, secret, payload, attempts`,
        [id, this.settings.timeoutMs * 2 + 5_000],
      );
      const row = claimed.rows[0];
      if (!row) continue;
      const send = this.send(row).finally(() => this.inFlight.delete(send));
      this.inFlight.add(send);
    }
  }

  private async send(row: DeliveryRow): Promise<void> {
    const result = await postWebhook(this.agent, {
      url: row.url,
      secret: row.secret,
      body: row.payload,
      deliveryId: Number(row.id),
      event: row.event,
      timeoutMs: this.settings.timeoutMs,
    });
    try {
      await this.db.query('INSERT INTO alert_delivery_attempts (delivery_id, status, error, ms) VALUES ($1, $2, $3, $4)', [
        row.id,
        result.status,
        result.error,
        result.ms,
      ]);
      if (result.ok) {
        await this.db.query(`UPDATE alert_deliveries SET state = 'delivered', next_at = now() WHERE id = $1`, [row.id]);
      } else if (row.attempts >= this.settings.attempts) {
        await this.db.query(`UPDATE alert_deliveries SET state = 'failed', next_at = now() WHERE id = $1`, [row.id]);
      } else {
        const wait = backoffMs(this.settings.retryBaseMs, row.attempts);
        await this.db.query(`UPDATE alert_deliveries SET state = 'retrying', next_at = now() + ($2::int * interval '1 millisecond') WHERE id = $1`, [
          row.id,
          wait,
        ]);
      }
    } catch {
      // The database went away mid-way: the lease runs out and the delivery is tried again.
    }
  }

  /** Waits for the sends in flight (they end by their timeout at the latest). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}
