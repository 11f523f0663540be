/**
 * Contact-frequency caps: the caps an admin sets (`contact_caps`, one row) and the check every
 * create passes through after the do-not-call list (server/services/writes/writes.ts), with its SQL.
 *
 * A number's count in the window is what the call index holds for it, plus what the BFF itself
 * placed and the index has not seen yet (`contact_attempts`): a call until the index holds its id,
 * a campaign's worst case (1 + retry.max per number) less the calls of that campaign to the number
 * the index holds. A write the upstream surely did not apply gives its rows back; one whose outcome
 * is unknown keeps them, so the count may be above the truth, never below it.
 *
 * Checked and reserved in one transaction under one advisory lock (as the do-not-call rules
 * count and insert), so two creates on two BFF instances cannot both take the last attempt.
 */
import type { Db, Queryable } from '../../../common/db';
import { CAP_LIMITS, attemptsReason, quietReason, type CapSkipped, type ContactCaps, type ContactCapsBody } from '../../../contract/bff/contact-caps';
import { STATUS_GROUP_STATUSES } from '../../../contract/status-groups';
import { listedForm } from '../do-not-call/list';

interface CapsRow {
  attempts: number | null;
  window_days: number;
  quiet_days: number;
  updated_by: string | null;
  updated_at: Date | null;
}

const toCaps = (r: CapsRow): ContactCaps => ({
  attempts: r.attempts,
  windowDays: r.window_days,
  quietDays: r.quiet_days,
  updatedBy: r.updated_by,
  updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
});

export async function readCaps(db: Queryable): Promise<ContactCaps> {
  const { rows } = await db.query<CapsRow>('SELECT * FROM contact_caps WHERE id = 1');
  return rows[0] ? toCaps(rows[0]) : { attempts: null, windowDays: 7, quietDays: 0, updatedBy: null, updatedAt: null };
}

export async function writeCaps(db: Queryable, caps: ContactCapsBody, by: string): Promise<ContactCaps> {
  const { rows } = await db.query<CapsRow>(
    `INSERT INTO contact_caps (id, attempts, window_days, quiet_days, updated_by, updated_at) VALUES (1, $1, $2, $3, $4, now())
     ON CONFLICT (id) DO UPDATE SET attempts = $1, window_days = $2, quiet_days = $3, updated_by = $4, updated_at = now()
     RETURNING *`,
    [caps.attempts, caps.windowDays, caps.quietDays, by],
  );
  return toCaps(rows[0]!);
}

const capsOff = (caps: ContactCaps) => caps.attempts === null && caps.quietDays === 0;

/**
 * Which of these numbers the caps leave out, by position, with the reason, if each were called
 * `attemptsEach` more times. Numbers in any form; compared in E.164 (`listedForm`), and in the
 * index also as given (an upstream that kept another form).
 */
export async function screenCaps(
  db: Queryable,
  phones: readonly string[],
  attemptsEach: number,
  caps?: ContactCaps,
): Promise<{ skipped: CapSkipped[]; caps: ContactCaps }> {
  const current = caps ?? (await readCaps(db));
  if (capsOff(current) || phones.length === 0) return { skipped: [], caps: current };
  const forms = phones.map(listedForm);
  const unique = [...new Set(forms.map((f, i) => `${f}\u0000${phones[i]!.trim()}`))].map((pair) => pair.split('\u0000') as [string, string]);
  const counts = await countAttempts(db, unique, current);
  const skipped: CapSkipped[] = [];
  phones.forEach((phone, index) => {
    const c = counts.get(forms[index]!);
    if (!c) return;
    if (current.quietDays > 0 && c.reachedAt) {
      skipped.push({ index, phone, kind: 'quiet', reason: quietReason(c.reachedAt, current.quietDays) });
    } else if (current.attempts !== null && c.count + attemptsEach > current.attempts) {
      skipped.push({ index, phone, kind: 'attempts', reason: attemptsReason(c.count, current, attemptsEach) });
    }
  });
  return { skipped, caps: current };
}

/** Per number (its E.164 form): attempts in the window (index + placed and unseen) and the last reached call in the quiet period. */
async function countAttempts(
  db: Queryable,
  numbers: readonly [string, string][],
  caps: ContactCaps,
): Promise<Map<string, { count: number; reachedAt: string | null }>> {
  const { rows } = await db.query<{ phone: string; indexed: number; placed: number; reached_at: Date | null }>(
    `WITH p AS (SELECT DISTINCT ON (phone) phone, alt FROM unnest($1::text[], $2::text[]) AS p(phone, alt)),
     idx AS (
       SELECT p.phone,
              count(c.id) FILTER (WHERE c.start_time >= now() - make_interval(days => $3::int))::int AS indexed,
              max(c.start_time) FILTER (WHERE c.status = ANY($5::text[]) AND c.start_time >= now() - make_interval(days => $4::int)) AS reached_at
         FROM p LEFT JOIN index_calls c ON c.phone IN (p.phone, p.alt) AND c.start_time >= now() - make_interval(days => greatest($3::int, $4::int))
        GROUP BY p.phone),
     placed AS (
       SELECT a.phone, sum(CASE
                WHEN a.call_id IS NOT NULL THEN CASE WHEN EXISTS (SELECT 1 FROM index_calls c WHERE c.id = a.call_id) THEN 0 ELSE a.attempts END
                WHEN a.campaign_id IS NOT NULL THEN greatest(0, a.attempts - (
                  SELECT count(*) FROM index_calls c JOIN campaigns k ON k.name = c.campaign_name
                   WHERE k.id = a.campaign_id AND c.phone IN (a.phone, (SELECT alt FROM p WHERE p.phone = a.phone))))
                ELSE a.attempts END)::int AS placed
         FROM contact_attempts a WHERE a.phone = ANY($1::text[]) AND a.at >= now() - make_interval(days => $3::int)
        GROUP BY a.phone)
     SELECT idx.phone, idx.indexed, coalesce(placed.placed, 0)::int AS placed, idx.reached_at
       FROM idx LEFT JOIN placed ON placed.phone = idx.phone`,
    [numbers.map((n) => n[0]), numbers.map((n) => n[1]), caps.windowDays, caps.quietDays, STATUS_GROUP_STATUSES.reached],
  );
  return new Map(rows.map((r) => [r.phone, { count: r.indexed + r.placed, reachedAt: r.reached_at ? new Date(r.reached_at).toISOString() : null }]));
}

/**
 * The write path's step: under the caps' lock, which of these numbers the caps leave out, and the
 * attempts of the others reserved for this write (`user_id`, `idempotency_key`) before the
 * request leaves, so a parallel create on any instance counts them.
 */
export async function reserveAttempts(
  db: Db,
  phones: readonly string[],
  attemptsEach: number,
  write: { userId: number; key: string },
): Promise<{ skipped: CapSkipped[]; caps: ContactCaps }> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('contact_caps'))");
    const caps = await readCaps(tx);
    // With the caps off nothing is left out, but the attempts are still kept: caps turned on later
    // count the calls and campaigns placed meanwhile that the index has not seen.
    const result = await screenCaps(tx, phones, attemptsEach, caps);
    const left = new Set(result.skipped.map((s) => s.index));
    const kept = [...new Set(phones.filter((_, i) => !left.has(i)).map(listedForm))];
    if (kept.length > 0) {
      // Rows older than the longest window can never count again: these numbers' are dropped here.
      await tx.query(`DELETE FROM contact_attempts WHERE phone = ANY($1::text[]) AND at < now() - make_interval(days => $2::int)`, [
        kept,
        CAP_LIMITS.windowDays.max + 1,
      ]);
      await tx.query(`INSERT INTO contact_attempts (phone, attempts, user_id, idempotency_key) SELECT phone, $2, $3, $4 FROM unnest($1::text[]) AS r(phone)`, [
        kept,
        attemptsEach,
        write.userId,
        write.key,
      ]);
    }
    return result;
  });
}

/** The write surely did not reach the upstream: its reserved attempts are given back. */
export async function releaseAttempts(db: Queryable, write: { userId: number; key: string }): Promise<void> {
  await db.query('DELETE FROM contact_attempts WHERE user_id = $1 AND idempotency_key = $2 AND call_id IS NULL AND campaign_id IS NULL', [
    write.userId,
    write.key,
  ]);
}

/** The upstream answered: the calls it placed, by number, or the campaign, so the index's own rows replace the reservation once seen. */
export async function attachAttempts(
  db: Queryable,
  write: { userId: number; key: string },
  placed: { calls?: { phone: string; id: string }[]; campaignId?: string },
): Promise<void> {
  if (placed.campaignId) {
    await db.query('UPDATE contact_attempts SET campaign_id = $3 WHERE user_id = $1 AND idempotency_key = $2', [write.userId, write.key, placed.campaignId]);
    return;
  }
  const calls = (placed.calls ?? []).filter((c) => typeof c.id === 'string' && typeof c.phone === 'string');
  if (calls.length === 0) return;
  await db.query(
    `UPDATE contact_attempts a SET call_id = c.id::uuid FROM unnest($3::text[], $4::text[]) AS c(phone, id)
      WHERE a.user_id = $1 AND a.idempotency_key = $2 AND a.call_id IS NULL AND a.phone = c.phone`,
    [write.userId, write.key, calls.map((c) => listedForm(c.phone)), calls.map((c) => c.id)],
  );
}
