/**
 * What the BFF keeps for staff (server/routes/workspace.ts): the campaign registry as listed (rows
 * are written by server/services/writes/writes.ts when a campaign is created), the campaign wizard's drafts
 * (expired after DRAFT_DAYS untouched), the saved call-list views, and the audit log as read by
 * admins. Every query is parameterised; the routes hold no SQL.
 */
import type { Queryable } from '../../../common/db';
import type { JsonValue } from '../../../contract/json';

/** A draft untouched for this many days is neither listed nor served, and is swept on writes. */
export const DRAFT_DAYS = 7;

// ---------- the campaign registry ----------

export interface RegistryRow {
  id: string;
  name: string;
  agent_id: string;
  created_by: string;
  created_at: Date;
}

/** One page of the registry, newest first, with the registry's size. */
export async function registryPage(db: Queryable, size: number, offset: number): Promise<{ rows: RegistryRow[]; total: number }> {
  const { rows } = await db.query<RegistryRow & { total: number }>(
    'SELECT *, count(*) OVER ()::int AS total FROM campaigns ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
    [size, offset],
  );
  // Past the last page the window count is gone: counted apart.
  const total = rows[0]?.total ?? (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns')).rows[0]!.n;
  return { rows, total };
}

/** Whether the registry holds a campaign (one created through this console). */
export async function campaignRegistered(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM campaigns WHERE id = $1', [id]);
  return rows.length > 0;
}

/** How many other registered campaigns share this name and agent (their calls cannot be told apart). */
export async function namesakesOf(db: Queryable, campaign: { id: string; name: string; agentId: string }): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaigns WHERE name = $1 AND agent_id = $2 AND id <> $3', [
    campaign.name,
    campaign.agentId,
    campaign.id,
  ]);
  return rows[0]!.n;
}

// ---------- drafts ----------

/** The user's live drafts, most recently touched first. */
export async function listDrafts(db: Queryable, userId: number): Promise<{ name: string; updated_at: Date }[]> {
  const { rows } = await db.query<{ name: string; updated_at: Date }>(
    `SELECT name, updated_at FROM drafts WHERE user_id = $1 AND updated_at >= now() - interval '${DRAFT_DAYS} days' ORDER BY updated_at DESC`,
    [userId],
  );
  return rows;
}

/** A live draft of the user's, or null (none, or expired). */
export async function readDraft(db: Queryable, userId: number, name: string): Promise<{ data: JsonValue; updated_at: Date } | null> {
  const { rows } = await db.query<{ data: JsonValue; updated_at: Date }>(
    `SELECT data, updated_at FROM drafts WHERE user_id = $1 AND name = $2 AND updated_at >= now() - interval '${DRAFT_DAYS} days'`,
    [userId, name],
  );
  return rows[0] ?? null;
}

/** Keeps a draft (its data as JSON text), then sweeps every user's expired drafts; when it was kept. */
export async function writeDraft(db: Queryable, userId: number, name: string, json: string): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO drafts (user_id, name, data, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET data = EXCLUDED.data, updated_at = now() RETURNING updated_at`,
    [userId, name, json],
  );
  await db.query(`DELETE FROM drafts WHERE updated_at < now() - interval '${DRAFT_DAYS} days'`);
  return rows[0]!.updated_at;
}

/** Deletes one of the user's own named rows (a draft, a view), whether or not it was there. */
export async function deleteOwn(db: Queryable, table: 'drafts' | 'views', userId: number, name: string): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE user_id = $1 AND name = $2`, [userId, name]);
}

// ---------- saved views ----------

export interface ViewRow {
  name: string;
  search: Record<string, JsonValue>;
  updated_at: Date;
}

/** The user's saved views of the calls list, by name. */
export async function listViews(db: Queryable, userId: number): Promise<ViewRow[]> {
  const { rows } = await db.query<ViewRow>('SELECT name, search, updated_at FROM views WHERE user_id = $1 ORDER BY name', [userId]);
  return rows;
}

/** One of the user's saved views, or null. */
export async function readView(db: Queryable, userId: number, name: string): Promise<Omit<ViewRow, 'name'> | null> {
  const { rows } = await db.query<Omit<ViewRow, 'name'>>('SELECT search, updated_at FROM views WHERE user_id = $1 AND name = $2', [userId, name]);
  return rows[0] ?? null;
}

/** Keeps a saved view (its search as JSON text); when it was kept. */
export async function writeView(db: Queryable, userId: number, name: string, json: string): Promise<Date> {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO views (user_id, name, search, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id, name) DO UPDATE SET search = EXCLUDED.search, updated_at = now() RETURNING updated_at`,
    [userId, name, json],
  );
  return rows[0]!.updated_at;
}

// ---------- the audit log ----------

export interface AuditRow {
  id: number;
  at: Date;
  username: string | null;
  action: string;
  route: string | null;
  idempotency_key: string | null;
  outcome: string;
  status: number | null;
  request_id: string;
  repeats: number;
  last_at: Date | null;
}

export interface AuditFilter {
  user?: string;
  action?: string;
  /** A prefix of the outcome (LIKE's wildcards in it are taken literally). */
  outcome?: string;
  from?: string;
  to?: string;
}

/** One page of the audit log, newest first, with the filter's total (0 past the last page). */
export async function auditPage(db: Queryable, f: AuditFilter, size: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
  const { rows } = await db.query<AuditRow & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM audit
       WHERE ($1::text IS NULL OR username = $1) AND ($2::text IS NULL OR action = $2)
         AND ($3::text IS NULL OR outcome LIKE $3 || '%') AND ($4::timestamptz IS NULL OR at >= $4) AND ($5::timestamptz IS NULL OR at <= $5)
       ORDER BY at DESC, id DESC LIMIT $6 OFFSET $7`,
    [f.user ?? null, f.action ?? null, f.outcome?.replace(/[\\%_]/g, '\\$&') ?? null, f.from ?? null, f.to ?? null, size, offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}
