/**
 * Comments pinned to a call's transcript or recording, kept within their quotas
 * (REVIEW_LIMITS.commentsPerCall, .commentsPerUserPerMinute): counted and written in one
 * transaction holding a lock per author, so parallel posts by one person cannot pass the rate
 * between them. Past either quota the write is refused with a sentence naming it (429 for the rate,
 * with Retry-After; 409 for a call that holds its most).
 */
import type { Db, Queryable } from '../../../common/db';
import { REVIEW_LIMITS } from '../../../contract/bff/review';
import { HttpError } from '../../http';

export interface CommentRow {
  id: number;
  call_id: string;
  author: string;
  text: string;
  line: number | null;
  at_seconds: number | null;
  created_at: Date;
}

export interface NewComment {
  callId: string;
  userId: number;
  author: string;
  text: string;
  line: number | null;
  atSeconds: number | null;
}

export async function addComment(db: Db, c: NewComment): Promise<CommentRow> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('review-comment'), $1)", [c.userId]);
    const { rows: counts } = await tx.query<{ per_call: number; per_minute: number }>(
      `SELECT (SELECT count(*)::int FROM review_comments WHERE call_id = $1) AS per_call,
              (SELECT count(*)::int FROM review_comments WHERE user_id = $2 AND created_at > now() - interval '1 minute') AS per_minute`,
      [c.callId, c.userId],
    );
    const { per_call: perCall, per_minute: perMinute } = counts[0]!;
    if (perMinute >= REVIEW_LIMITS.commentsPerUserPerMinute) {
      throw new HttpError(429, `You have added ${perMinute} comments in the last minute, the most one person may; wait a minute and try again.`, [], {
        'Retry-After': '60',
      });
    }
    if (perCall >= REVIEW_LIMITS.commentsPerCall) {
      throw new HttpError(409, `This call has ${perCall} comments, the most one call may hold. Remove one first.`);
    }
    const { rows } = await tx.query<CommentRow>(
      'INSERT INTO review_comments (call_id, user_id, author, text, line, at_seconds) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
      [c.callId, c.userId, c.author, c.text, c.line, c.atSeconds],
    );
    return rows[0]!;
  });
}

/** A call's comments: those on the whole call, then by transcript line, then by moment. */
export async function commentsOf(db: Queryable, callId: string): Promise<CommentRow[]> {
  const { rows } = await db.query<CommentRow>('SELECT * FROM review_comments WHERE call_id = $1 ORDER BY coalesce(line, -1), at_seconds NULLS FIRST, id', [
    callId,
  ]);
  return rows;
}

/** Who wrote a comment and on which call, or null when there is none. */
export async function commentOwner(db: Queryable, id: number): Promise<{ user_id: number; call_id: string } | null> {
  const { rows } = await db.query<{ user_id: number; call_id: string }>('SELECT user_id, call_id::text FROM review_comments WHERE id = $1', [id]);
  return rows[0] ?? null;
}

export async function deleteComment(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM review_comments WHERE id = $1', [id]);
}
