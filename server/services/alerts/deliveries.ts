/**
 * Webhook deliveries: each due delivery is claimed with a lease, POSTed once (signed), and its
 * attempt recorded; a failure is tried again with back-off until ALERT_RETRY_ATTEMPTS, then given
 * up. Sends run beside everything else (never awaited by the evaluation or the pauses), each
 * bounded by its timeout, isolated per receiver (its URL's host and port): at most `perReceiver`
 * sends in flight to one receiver (a p-limit each), and the due deliveries are read at most
 * `perReceiver` per receiver, so neither a slow receiver nor a flood of deliveries to one can hold
 * another receiver's deliveries back.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { Queryable } from '../../../common/db';
import { backoffMs, postWebhook } from './webhook';
import type { Agent } from 'undici';

export interface DeliverySettings {
  retryBaseMs: number;
  attempts: number;
  timeoutMs: number;
  /** Sends in flight at once, to all receivers (a bound on sockets, not a queue). */
  parallel: number;
  /** Sends in flight at once to one receiver. */
  perReceiver: number;
}

/** The receiver of a URL: its host and port (what one slow server holds up). */
export function receiverOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
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
  /** One limiter per receiver with sends in flight (dropped when it has none). */
  private readonly receivers = new Map<string, LimitFunction>();

  constructor(
    private readonly db: Queryable,
    private readonly agent: Agent,
    private readonly settings: DeliverySettings,
  ) {}

  /** Starts the due deliveries there is room for, per receiver; returns at once. */
  async kick(): Promise<void> {
    const room = this.settings.parallel - this.inFlight.size;
    if (room <= 0) return;
    // At most perReceiver due deliveries of each receiver, oldest first: a receiver with a
    // backlog cannot fill the page that another receiver's delivery is on.
    const due = await this.db.query<{ id: string; url: string }>(
      `SELECT id, url FROM (
         SELECT id, url, next_at, row_number() OVER (PARTITION BY substring(url from '^[a-zA-Z]+://([^/?#]+)') ORDER BY next_at, id) AS n
           FROM alert_deliveries WHERE state IN ('pending', 'retrying') AND next_at <= now()) d
        WHERE n <= $1 ORDER BY next_at, id LIMIT $2`,
      [this.settings.perReceiver, room],
    );
    for (const { id, url } of due.rows) {
      if (this.inFlight.size >= this.settings.parallel) break;
      const receiver = receiverOf(url);
      const limit = this.receivers.get(receiver) ?? pLimit(this.settings.perReceiver);
      if (limit.activeCount + limit.pendingCount >= this.settings.perReceiver) continue;
      // The lease: the send's longest life and margin; the outcome below replaces it.
      const claimed = await this.db.query<DeliveryRow>(
        `UPDATE alert_deliveries SET attempts = attempts + 1, next_at = now() + ($2::int * interval '1 millisecond')
          WHERE id = $1 AND state IN ('pending', 'retrying') AND next_at <= now()
          RETURNING id, event, url, secret, payload, attempts`,
        [id, this.settings.timeoutMs * 2 + 5_000],
      );
      const row = claimed.rows[0];
      if (!row) continue;
      this.receivers.set(receiver, limit);
      const send = limit(() => this.send(row)).finally(() => {
        this.inFlight.delete(send);
        if (limit.activeCount + limit.pendingCount === 0) this.receivers.delete(receiver);
      });
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
