/**
 * The do-not-call list: one table, numbers kept in E.164 after normalisation, and the one function
 * every way of calling goes through (`screenCreate`): a listed number is refused for one call and
 * left out, with the reason, of a bulk or campaign list. Whatever the browser sends, the check is
 * here, on the server, before anything is sent upstream (server/services/writes/writes.ts calls it); tests
 * list numbers in the real table, never through a stand-in.
 */
import type { Db, Queryable } from '../../../common/db';
import { dncSkipReason, type DncEntry, type DncSkipped, type DncSource } from '../../../contract/bff/do-not-call';
import type { ValidationError } from '../../../contract/schemas/error';
import { takeImport } from './import-quota';
import { toE164 } from './phone';

/**
 * The form a number is kept and compared in: E.164 when it normalises, else as written (trimmed),
 * so an entry the upstream wrote in a form that cannot be read is still shown, matched exactly
 * and removable.
 */
export const listedForm = (phone: string): string => toE164(phone) ?? phone.trim();

interface Row {
  phone: string;
  reason: string;
  source: DncSource;
  call_id: string | null;
  rule: string | null;
  added_by: string;
  added_at: Date;
}

export function toEntry(r: Row): DncEntry {
  return {
    phone: r.phone,
    reason: r.reason,
    source: r.source,
    callId: r.call_id,
    rule: r.rule,
    addedBy: r.added_by,
    addedAt: new Date(r.added_at).toISOString(),
  };
}

/**
 * A page of the list, newest first: `q` matches part of a reason, or (its digits) part of a number.
 * The whole list (`page` null) for the CSV export.
 */
export async function listEntries(
  db: Queryable,
  q: string | undefined,
  page: { size: number; page: number } | null,
): Promise<{ entries: DncEntry[]; total: number }> {
  const digits = q?.replace(/[^\d]/g, '') ?? '';
  const like = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const { rows } = await db.query<Row & { total: number }>(
    `SELECT *, count(*) OVER ()::int AS total FROM do_not_call
      WHERE $1::text IS NULL OR reason ILIKE $1 OR ($2 <> '' AND phone LIKE '%' || $2 || '%')
      ORDER BY added_at DESC, phone LIMIT $3 OFFSET $4`,
    [like, digits, page?.size ?? null, page ? (page.page - 1) * page.size : 0],
  );
  return { entries: rows.map(toEntry), total: rows[0]?.total ?? 0 };
}

/** Removes a number given in any form (its E.164 form, or exactly as stored when unreadable); the stored form, or null. */
export async function removeNumber(db: Queryable, given: string): Promise<string | null> {
  const { rows } = await db.query<{ phone: string }>('DELETE FROM do_not_call WHERE phone = ANY($1::text[]) RETURNING phone', [
    [...new Set([listedForm(given), given])],
  ]);
  return rows[0]?.phone ?? null;
}

/** The listed entries among these numbers, keyed by their listed form (`listedForm`). */
export async function findListed(db: Queryable, phones: readonly string[]): Promise<Map<string, DncEntry>> {
  const forms = [...new Set(phones.map(listedForm).filter((p) => p !== ''))];
  if (forms.length === 0) return new Map();
  const { rows } = await db.query<Row>('SELECT * FROM do_not_call WHERE phone = ANY($1::text[])', [forms]);
  return new Map(rows.map((r) => [r.phone, toEntry(r)]));
}

/** Which of these numbers would be left out, by position, with the reason. */
export async function screenPhones(db: Queryable, phones: readonly string[]): Promise<DncSkipped[]> {
  const listed = await findListed(db, phones);
  const skipped: DncSkipped[] = [];
  phones.forEach((phone, index) => {
    const entry = listed.get(listedForm(phone));
    if (entry) skipped.push({ index, phone, reason: dncSkipReason(entry) });
  });
  return skipped;
}

export interface AddInput {
  phone: string;
  reason: string;
  source: DncSource;
  callId?: string | null;
  rule?: string | null;
  addedBy: string;
}

/** Adds a number; an already listed number keeps its first entry. Returns it and whether it is new. */
export async function addNumber(db: Queryable, input: AddInput): Promise<{ entry: DncEntry; created: boolean } | null> {
  const phone = toE164(input.phone);
  if (!phone) return null;
  const inserted = await db.query<Row>(
    `INSERT INTO do_not_call (phone, reason, source, call_id, rule, added_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (phone) DO NOTHING RETURNING *`,
    [phone, input.reason, input.source, input.callId ?? null, input.rule ?? null, input.addedBy],
  );
  if (inserted.rows[0]) return { entry: toEntry(inserted.rows[0]), created: true };
  const { rows } = await db.query<Row>('SELECT * FROM do_not_call WHERE phone = $1', [phone]);
  return { entry: toEntry(rows[0]!), created: false };
}

/**
 * An import: numbers already in E.164 added by a person (source `import`), set-based (one INSERT per
 * batch) in one transaction, so all rows are added or none, after counting it against the person's
 * imports of the minute (import-quota.ts). Returns the numbers added, in input order.
 */
export async function importNumbers(db: Db, rows: readonly { phone: string; reason: string }[], by: { username: string; userId: number }): Promise<string[]> {
  return db.transaction(async (tx) => {
    await takeImport(tx, by.userId);
    return addNumbers(tx, rows, 'import', by.username);
  });
}

/** Rows per INSERT of an import (a parameter array each, so one statement per batch). */
const IMPORT_BATCH = 1000;

/**
 * Adds many numbers already in E.164 (an import), set-based: one INSERT per batch of
 * IMPORT_BATCH, the first entry of a number kept (a number listed before, or twice in the
 * input, is not added again). Returns the numbers added, in input order.
 */
export async function addNumbers(db: Queryable, rows: readonly { phone: string; reason: string }[], source: DncSource, addedBy: string): Promise<string[]> {
  const seen = new Set<string>();
  const unique = rows.filter((r) => !seen.has(r.phone) && seen.add(r.phone));
  const added = new Set<string>();
  for (let i = 0; i < unique.length; i += IMPORT_BATCH) {
    const batch = unique.slice(i, i + IMPORT_BATCH);
    const { rows: inserted } = await db.query<{ phone: string }>(
      `INSERT INTO do_not_call (phone, reason, source, added_by)
       SELECT phone, reason, $3, $4 FROM unnest($1::text[], $2::text[]) AS r(phone, reason)
       ON CONFLICT (phone) DO NOTHING RETURNING phone`,
      [batch.map((r) => r.phone), batch.map((r) => r.reason), source, addedBy],
    );
    for (const r of inserted) added.add(r.phone);
  }
  return unique.map((r) => r.phone).filter((phone) => added.has(phone));
}

/**
 * Migration 017: entries stored before every path normalised (the rule path kept the upstream's
 * form, e.g. `+330699887766`) become E.164. One that normalises to a number already listed is
 * merged into it, the first added kept (as an addition keeps the first entry); one that cannot be
 * read stays as written, still shown and removable.
 */
export async function normaliseListedNumbers(tx: Queryable): Promise<void> {
  const { rows } = await tx.query<Row>('SELECT * FROM do_not_call ORDER BY added_at, phone');
  for (const row of rows) {
    const e164 = toE164(row.phone);
    if (!e164 || e164 === row.phone) continue;
    const { rows: kept } = await tx.query<{ added_at: Date }>('SELECT added_at FROM do_not_call WHERE phone = $1', [e164]);
    if (!kept[0]) {
      await tx.query('UPDATE do_not_call SET phone = $2 WHERE phone = $1', [row.phone, e164]);
      continue;
    }
    if (new Date(row.added_at) < new Date(kept[0].added_at)) {
      await tx.query('UPDATE do_not_call SET reason = $2, source = $3, call_id = $4, rule = $5, added_by = $6, added_at = $7 WHERE phone = $1', [
        e164,
        row.reason,
        row.source,
        row.call_id,
        row.rule,
        row.added_by,
        row.added_at,
      ]);
    }
    await tx.query('DELETE FROM do_not_call WHERE phone = $1', [row.phone]);
  }
}

export type Screened =
  { kind: 'pass' } | { kind: 'filtered'; body: unknown; skipped: DncSkipped[] } | { kind: 'refused'; message: string; errors: ValidationError[] };

/**
 * The seam every create passes through (one call, bulk calls, campaign creation), with a body the
 * contract already validated. `pass`: nothing listed, send as is. `filtered`: send `body` (the
 * listed recipients left out) and tell the caller `skipped`. `refused`: send nothing.
 */
export async function screenCreate(db: Queryable, routeName: string, body: unknown): Promise<Screened> {
  if (routeName === 'createCall') {
    const phone = (body as { recipient: { phone: string } }).recipient.phone;
    const [hit] = await screenPhones(db, [phone]);
    if (!hit) return { kind: 'pass' };
    return {
      kind: 'refused',
      message: `${phone} is on the do-not-call list; the call was not placed.`,
      errors: [{ field: 'recipient.phone', rejectedValue: phone, message: hit.reason }],
    };
  }
  if (routeName !== 'bulkCalls' && routeName !== 'createCampaign') return { kind: 'pass' };
  const recipients = (body as { recipients: { phone: string }[] }).recipients;
  const skipped = await screenPhones(
    db,
    recipients.map((r) => r.phone),
  );
  if (skipped.length === 0) return { kind: 'pass' };
  if (skipped.length === recipients.length) {
    return {
      kind: 'refused',
      message: `Every recipient is on the do-not-call list; nothing was ${routeName === 'bulkCalls' ? 'called' : 'created'}.`,
      errors: skipped.map((s) => ({ field: `recipients[${s.index}].phone`, rejectedValue: s.phone, message: s.reason })),
    };
  }
  const left = new Set(skipped.map((s) => s.index));
  return { kind: 'filtered', body: { ...(body as object), recipients: recipients.filter((_, i) => !left.has(i)) }, skipped };
}
