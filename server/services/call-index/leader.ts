/**
 * Who syncs: with several BFF instances on one PostgreSQL server, the one holding a session-level
 * advisory lock on its own connection. The lock dies with that connection, so when the holder's
 * process dies (even kill -9) the server frees it at once and the next instance to try (each tries
 * every interval) takes over. Without a URL (some tests), one process: it is always the syncer.
 */
import pg from 'pg';

/** A fixed key in the advisory lock space ("SBIX"): the call index's sync. */
export const INDEX_LOCK_KEY = 0x53424958;

export interface Leadership {
  /** True when this instance holds (or just took) the lock. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

export const alwaysLeader: Leadership = {
  acquire: async () => true,
  release: async () => undefined,
};

export class AdvisoryLeadership implements Leadership {
  private client: pg.Client | null = null;
  private held = false;

  /** `key`: which advisory lock (the index's by default; the alert evaluator has its own). */
  constructor(
    private readonly url: string,
    private readonly key = INDEX_LOCK_KEY,
    private readonly applicationName = 'switchboard-call-index-lock',
  ) {}

  async acquire(): Promise<boolean> {
    try {
      if (this.client && this.held) {
        // Still ours only while the session lives: prove it with a round trip.
        await this.client.query('SELECT 1');
        return true;
      }
      if (!this.client) {
        const client = new pg.Client({ connectionString: this.url, application_name: this.applicationName });
        client.on('error', () => this.drop(client));
        await client.connect();
        this.client = client;
      }
      const { rows } = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [this.key]);
      this.held = rows[0]?.ok === true;
      return this.held;
    } catch {
      if (this.client) this.drop(this.client);
      return false;
    }
  }

  private drop(client: pg.Client): void {
    if (this.client === client) {
      this.client = null;
      this.held = false;
    }
    client.end().catch(() => undefined);
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    // Ending the session releases the lock.
    await client?.end().catch(() => undefined);
  }
}
