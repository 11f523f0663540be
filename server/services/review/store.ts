/**
 * The SQL behind /bff/review (server/routes/review.ts): rubrics as listed and saved, sampling
 * rules and checks as listed, added and removed, the queue as paged and walked, one call's reviews,
 * and the reviews read for the scores and the CSV export. Filling the queue and the categories are
 * in ./queue.ts, comments in ./comments.ts. Every query is parameterised.
 */
import type { Queryable } from '../../../common/db';
import type { QueuePage, QueueSource } from '../../../contract/bff/review';
import type { RubricRow, RuleRow } from './queue';

// ---------- rubrics ----------

/** Every agent's current rubric (its latest version). */
export async function currentRubrics(db: Queryable): Promise<RubricRow[]> {
  return (await db.query<RubricRow>('SELECT DISTINCT ON (agent_id) * FROM review_rubrics ORDER BY agent_id, version DESC')).rows;
}

/** Saves a rubric as the agent's next version (1 for its first). */
export async function saveRubric(db: Queryable, agentId: string, rubric: { items: RubricRow['items']; note: string; updatedBy: string }): Promise<RubricRow> {
  const { rows } = await db.query<RubricRow>(
    `INSERT INTO review_rubrics (agent_id, version, items, note, updated_by)
         VALUES ($1, coalesce((SELECT max(version) FROM review_rubrics WHERE agent_id = $1), 0) + 1, $2, $3, $4) RETURNING *`,
    [agentId, JSON.stringify(rubric.items), rubric.note, rubric.updatedBy],
  );
  return rows[0]!;
}

// ---------- sampling rules and checks ----------

/** A rule with the number of calls it queued. */
export type RuleWithCount = RuleRow & { n: number };

const RULES_SQL = `SELECT r.*, (SELECT count(*)::int FROM review_queue_sources s WHERE s.rule_id = r.id) AS n FROM review_rules r`;

/** Every rule and check, newest first. */
export async function listReviewRules(db: Queryable): Promise<RuleWithCount[]> {
  return (await db.query<RuleWithCount>(`${RULES_SQL} ORDER BY r.created_at DESC, r.id DESC`)).rows;
}

export async function readReviewRule(db: Queryable, id: number): Promise<RuleWithCount | null> {
  const { rows } = await db.query<RuleWithCount>(`${RULES_SQL} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** Adds a rule or check; its id, or null when one of its kind has the name already (any case). */
export async function insertReviewRule(
  db: Queryable,
  rule: { kind: 'sample' | 'check'; name: string; agentId: string | null; campaignName: string | null; spec: unknown; createdBy: string },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO review_rules (kind, name, agent_id, campaign_name, spec, created_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, lower(name)) DO NOTHING RETURNING id`,
    [rule.kind, rule.name, rule.agentId, rule.campaignName, JSON.stringify(rule.spec), rule.createdBy],
  );
  return rows[0]?.id ?? null;
}

/** Removes a rule or check (the calls it queued stay); its name and kind, or null when there was none. */
export async function deleteReviewRule(db: Queryable, id: number): Promise<{ name: string; kind: string } | null> {
  const { rows } = await db.query<{ name: string; kind: string }>('DELETE FROM review_rules WHERE id = $1 RETURNING name, kind', [id]);
  return rows[0] ?? null;
}

// ---------- the queue ----------

export interface QueueRow {
  call_id: string;
  agent_id: string;
  phone: string;
  status: QueuePage['content'][number]['status'];
  start_time: Date;
  duration: number | null;
  campaign_name: string | null;
  added_at: Date;
  sources: QueueSource[];
  reviews: number;
  mine: boolean;
}

const SOURCES_SQL = `coalesce((SELECT json_agg(json_build_object('kind', s.kind, 'ruleId', s.rule_id, 'rule', s.rule_name) ORDER BY s.added_at, s.rule_id)
      FROM review_queue_sources s WHERE s.call_id = q.call_id), '[]'::json) AS sources`;

/**
 * One page of the queue in queue order, as the user sees it: `todo` the calls they have not marked
 * reviewed, `reviewed` those they have, `all` both.
 */
export async function queuePage(
  db: Queryable,
  userId: number,
  filter: { state: 'todo' | 'reviewed' | 'all'; agentId?: string },
  size: number,
  offset: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const mine = `EXISTS (SELECT 1 FROM reviews r WHERE r.call_id = q.call_id AND r.user_id = $1 AND r.reviewed_at IS NOT NULL)`;
  const state = filter.state === 'todo' ? `NOT ${mine}` : filter.state === 'reviewed' ? mine : 'true';
  const { rows } = await db.query<QueueRow & { total: number }>(
    `SELECT q.call_id::text, c.agent_id::text, c.phone, c.status, c.start_time, c.duration, c.campaign_name, q.added_at, ${SOURCES_SQL},
              (SELECT count(*)::int FROM reviews r WHERE r.call_id = q.call_id AND r.reviewed_at IS NOT NULL) AS reviews,
              ${mine} AS mine, count(*) OVER ()::int AS total
         FROM review_queue q JOIN index_calls c ON c.id = q.call_id
        WHERE ${state} AND ($2::uuid IS NULL OR c.agent_id = $2)
        ORDER BY q.seq LIMIT $3 OFFSET $4`,
    [userId, filter.agentId ?? null, size, offset],
  );
  return { rows, total: rows[0]?.total ?? 0 };
}

/**
 * The next call the user has not marked reviewed after the given one in queue order (past the end,
 * from the start again, skipping that call), and how many such calls are left.
 */
export async function nextInQueue(db: Queryable, userId: number, after?: string, agentId?: string): Promise<{ callId: string | null; remaining: number }> {
  const { rows } = await db.query<{ call_id: string; remaining: number }>(
    `WITH todo AS (
         SELECT q.call_id, q.seq FROM review_queue q JOIN index_calls c ON c.id = q.call_id
          WHERE ($3::uuid IS NULL OR c.agent_id = $3)
            AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.call_id = q.call_id AND r.user_id = $1 AND r.reviewed_at IS NOT NULL)
            AND ($2::uuid IS NULL OR q.call_id <> $2)
       ), pivot AS (SELECT coalesce((SELECT seq FROM review_queue WHERE call_id = $2), 0) AS seq)
       SELECT t.call_id::text, (SELECT count(*)::int FROM todo) AS remaining FROM todo t, pivot
        ORDER BY (t.seq <= pivot.seq), t.seq LIMIT 1`,
    [userId, after ?? null, agentId ?? null],
  );
  return { callId: rows[0]?.call_id ?? null, remaining: rows[0]?.remaining ?? 0 };
}

// ---------- one call's review ----------

export interface ReviewRow {
  call_id: string;
  user_id: number;
  reviewer: string;
  agent_id: string;
  rubric_version: number;
  scores: Record<string, boolean>;
  score: string | number;
  note: string;
  reviewed_at: Date | null;
  updated_at: Date;
}

/** The agent of an indexed call, or null when the index does not have the call (yet). */
export async function callAgent(db: Queryable, callId: string): Promise<string | null> {
  const { rows } = await db.query<{ agent_id: string }>('SELECT agent_id::text FROM index_calls WHERE id = $1', [callId]);
  return rows[0]?.agent_id ?? null;
}

/** Why a call is in the queue: the rules and checks that queued it, in the order they did. */
export async function queueSourcesOf(db: Queryable, callId: string): Promise<QueueSource[]> {
  const { rows } = await db.query<QueueSource>(
    `SELECT s.kind, s.rule_id AS "ruleId", s.rule_name AS rule FROM review_queue_sources s WHERE s.call_id = $1 ORDER BY s.added_at, s.rule_id`,
    [callId],
  );
  return rows;
}

/** Every review of a call, oldest change first. */
export async function reviewsOf(db: Queryable, callId: string): Promise<ReviewRow[]> {
  return (await db.query<ReviewRow>('SELECT * FROM reviews WHERE call_id = $1 ORDER BY updated_at', [callId])).rows;
}

export async function inQueue(db: Queryable, callId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM review_queue WHERE call_id = $1', [callId])).rows.length > 0;
}

/**
 * Saves the user's review of a call (one per call and reviewer). Marked reviewed, it keeps the time
 * it was first marked; unmarked, it has none.
 */
export async function saveReview(
  db: Queryable,
  r: {
    callId: string;
    userId: number;
    reviewer: string;
    agentId: string;
    rubricVersion: number;
    scores: Record<string, boolean>;
    score: number;
    note: string;
    reviewed: boolean;
  },
): Promise<ReviewRow> {
  const { rows } = await db.query<ReviewRow>(
    `INSERT INTO reviews (call_id, user_id, reviewer, agent_id, rubric_version, scores, score, note, reviewed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END, now())
         ON CONFLICT (call_id, user_id) DO UPDATE SET rubric_version = EXCLUDED.rubric_version, scores = EXCLUDED.scores, score = EXCLUDED.score,
           note = EXCLUDED.note, reviewer = EXCLUDED.reviewer, updated_at = now(),
           reviewed_at = CASE WHEN $9::boolean THEN coalesce(reviews.reviewed_at, now()) END
         RETURNING *`,
    [r.callId, r.userId, r.reviewer, r.agentId, r.rubricVersion, JSON.stringify(r.scores), r.score, r.note, r.reviewed],
  );
  return rows[0]!;
}

// ---------- figures and export ----------

/** The reviews read for figures: of one agent or all (null), of calls started in [start, end) (either end open). */
export interface ReviewRange {
  agentId: string | null;
  start: Date | null;
  end: Date | null;
}

/** Per agent: marked reviews, the calls they cover, and their average score. */
export async function agentScores(db: Queryable, range: ReviewRange): Promise<{ agent_id: string; reviews: number; calls: number; average: string | null }[]> {
  const { rows } = await db.query<{ agent_id: string; reviews: number; calls: number; average: string | null }>(
    `SELECT r.agent_id::text, count(*)::int AS reviews, count(DISTINCT r.call_id)::int AS calls, round(avg(r.score), 2) AS average
         FROM reviews r JOIN index_calls c ON c.id = r.call_id
        WHERE r.reviewed_at IS NOT NULL AND ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
        GROUP BY r.agent_id ORDER BY r.agent_id`,
    [range.agentId, range.start, range.end],
  );
  return rows;
}

/** The marked reviews of calls with two marked reviews or more of the same rubric version (those that can agree). */
export async function comparableReviews(db: Queryable, range: ReviewRange): Promise<ReviewRow[]> {
  const { rows } = await db.query<ReviewRow>(
    `SELECT r.* FROM reviews r JOIN index_calls c ON c.id = r.call_id
        WHERE r.reviewed_at IS NOT NULL AND ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
          AND (SELECT count(*) FROM reviews o WHERE o.call_id = r.call_id AND o.rubric_version = r.rubric_version AND o.reviewed_at IS NOT NULL) > 1
        ORDER BY r.call_id, r.rubric_version`,
    [range.agentId, range.start, range.end],
  );
  return rows;
}

/** A comment as the export lists it. */
export interface PinnedComment {
  text: string;
  line: number | null;
  atSeconds: number | null;
}

export type ExportRow = ReviewRow & { start_time: Date; items: { id: number; label: string }[] | null; comments: PinnedComment[] };

/** Every review of the range (marked or not) with its call's start, its rubric's items and its author's comments, by call start. */
export async function reviewsForExport(db: Queryable, range: ReviewRange): Promise<ExportRow[]> {
  const { rows } = await db.query<ExportRow>(
    `SELECT r.*, c.start_time, v.items,
              (SELECT coalesce(json_agg(json_build_object('text', m.text, 'line', m.line, 'atSeconds', m.at_seconds)
                                        ORDER BY coalesce(m.line, -1), m.at_seconds NULLS FIRST, m.id), '[]'::json)
                 FROM review_comments m WHERE m.call_id = r.call_id AND m.user_id = r.user_id) AS comments
         FROM reviews r JOIN index_calls c ON c.id = r.call_id
         LEFT JOIN review_rubrics v ON v.agent_id = r.agent_id AND v.version = r.rubric_version
        WHERE ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
        ORDER BY c.start_time, r.call_id, r.reviewer`,
    [range.agentId, range.start, range.end],
  );
  return rows;
}
