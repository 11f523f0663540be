/**
 * Per-user storage quotas for what staff keep in the BFF (drafts, saved views): a count and a
 * total size per user (the contract's WORKSPACE_QUOTAS), checked before a write.
 */
import type { Queryable } from '../../../common/db';
import { WORKSPACE_QUOTAS } from '../../../contract/bff/http.plain';
import { HttpError } from '../../http';

export interface Quota {
  table: 'drafts' | 'views';
  column: 'data' | 'search';
  maxCount: number;
  maxBytes: number;
  what: string;
}

const { drafts, views } = WORKSPACE_QUOTAS;
export const DRAFT_QUOTA: Quota = { table: 'drafts', column: 'data', maxCount: drafts.count, maxBytes: drafts.bytes, what: 'drafts' };
export const VIEW_QUOTA: Quota = { table: 'views', column: 'search', maxCount: views.count, maxBytes: views.bytes, what: 'saved views' };

/** Throws 413 when storing `bytes` under `name` would take the user past the quota (the entry it replaces does not count). */
export async function checkQuota(db: Queryable, quota: Quota, userId: number, name: string, bytes: number): Promise<void> {
  const { rows } = await db.query<{ n: number; bytes: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(octet_length(${quota.column}::text)), 0)::bigint AS bytes FROM ${quota.table} WHERE user_id = $1 AND name <> $2`,
    [userId, name],
  );
  const used = rows[0] ?? { n: 0, bytes: 0 };
  if (used.n >= quota.maxCount) throw new HttpError(413, `You have ${used.n} ${quota.what}, the most one person may keep. Delete one first.`);
  if (Number(used.bytes) + bytes > quota.maxBytes) {
    throw new HttpError(413, `Your ${quota.what} would take more than ${quota.maxBytes / 1024 / 1024} MB in all. Delete some first.`);
  }
}
