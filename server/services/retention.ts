/**
 * Retention: what the BFF keeps is pruned on a schedule — audit rows past AUDIT_RETENTION_DAYS,
 * sessions past their idle or absolute lifetime, expired minted tokens, drafts untouched for 7
 * days, the numbers a campaign was sent with (campaign_recipients) a year after its creation.
 * One instance prunes at a time (a transaction-scoped advisory lock on PostgreSQL; the embedded
 * store has one process), in batches so no delete holds locks for long.
 */
import type { Db, Queryable } from '../../common/db';

export interface RetentionPolicy {
  auditDays: number;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  draftDays: number;
  /** The numbers a campaign was sent with (campaign_recipients) are kept this long after its creation (default 365). */
  campaignRecipientDays?: number;
}

export interface PruneResult {
  /** False when another instance was pruning. */
  ran: boolean;
  audit: number;
  sessions: number;
  tokens: number;
  drafts: number;
  campaignRecipients: number;
}

const BATCH = 5_000;

async function inBatches(tx: Queryable, table: string, key: string, where: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await tx.query(`DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${where} LIMIT ${BATCH})`, params);
    total += rowCount;
    if (rowCount < BATCH) return total;
  }
}

export async function prune(db: Db, policy: RetentionPolicy): Promise<PruneResult> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock(hashtext('switchboard-retention')) AS ok");
    if (!rows[0]?.ok) return { ran: false, audit: 0, sessions: 0, tokens: 0, drafts: 0, campaignRecipients: 0 };
    const audit = await inBatches(tx, 'audit', 'id', `at < now() - make_interval(days => $1)`, [policy.auditDays]);
    const sessions = await inBatches(
      tx,
      'sessions',
      'id_hash',
      `last_seen_at < now() - make_interval(secs => $1::double precision / 1000) OR created_at < now() - make_interval(secs => $2::double precision / 1000)`,
      [policy.sessionIdleMs, policy.sessionAbsoluteMs],
    );
    const tokens = await inBatches(tx, 'minted_tokens', 'token_hash', 'expires_at < now()', []);
    const drafts = (await tx.query(`DELETE FROM drafts WHERE updated_at < now() - make_interval(days => $1)`, [policy.draftDays])).rowCount;
    const campaignRecipients = (
      await tx.query(`DELETE FROM campaign_recipients r USING campaigns c WHERE c.id = r.campaign_id AND c.created_at < now() - make_interval(days => $1)`, [
        policy.campaignRecipientDays ?? 365,
      ])
    ).rowCount;
    return { ran: true, audit, sessions, tokens, drafts, campaignRecipients };
  });
}

/** Prunes now and then every `intervalMs`; returns the stop function. Failures are logged, never thrown. */
export function schedulePruning(db: Db, policy: RetentionPolicy, intervalMs: number, log: { warn(obj: object, msg: string): void }): () => void {
  const run = () =>
    void prune(db, policy).catch((error: Error) => log.warn({ err: { message: error.message } }, 'Pruning old rows failed; it will be tried again.'));
  const first = setTimeout(run, 5_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
