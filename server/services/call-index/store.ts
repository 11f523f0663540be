/**
 * Writes of the call index: upserts keyed by the upstream's id (a page read twice changes nothing),
 * transcripts with their tsvector and events, and the one row of sync state (cursor and health).
 */
import type { Db, Queryable } from '../../../common/db';
import { STATUS_GROUP_STATUSES } from '../../../contract/status-groups';
import { addCountsSql, CALL_STATUS_ORDER, DURATION_BLOCK, durationCountsSql, statusCountsSql } from '../../db/rollup-sql';
import { normaliseCall } from '../../../contract/tolerant.plain';
import { evaluateOutcomes } from '../campaigns/outcomes';
import { cleanJson, transcriptEvents, type IndexableCall, type IndexableEntry } from './parse';
import { TS_CONFIG } from './query';

// The rollups' count arrays (server/db/rollup-sql.ts), built once from the fixed lists.
const STATUS_COUNTS = statusCountsSql('status', 'd');
const ADD_STATUS_COUNTS = addCountsSql('r.counts', 'EXCLUDED.counts', CALL_STATUS_ORDER.length);
const DURATION_COUNTS = durationCountsSql('duration', 'd');
const ADD_DURATION_COUNTS = addCountsSql('r.counts', 'EXCLUDED.counts', DURATION_BLOCK);

/**
 * Upserts one page. `campaignName` is set when the page came from the upstream's campaign-name
 * filter; a page without it never clears a campaign already known. Unchanged rows are not rewritten.
 * Every row written is copied, in the same statement, to index_call_facts, and its change (new values
 * in, old values out) is applied to the hourly rollups Insights reads (ADR 0034). One writer at a time
 * (the leading syncer): two statements writing the same call at once could both take its old values away.
 */
export async function upsertCalls(db: Queryable, calls: readonly IndexableCall[], campaignName: string | null = null): Promise<number> {
  if (calls.length === 0) return 0;
  const { rowCount } = await db.query(
    `WITH input AS (SELECT e FROM jsonb_array_elements($1::jsonb) AS e),
     -- The facts as they were before this statement (a data-modifying CTE's changes are not seen here).
     old AS (SELECT f.* FROM index_call_facts f WHERE f.id IN (SELECT (e->>'id')::uuid FROM input)),
     up AS (INSERT INTO index_calls AS c (id, agent_id, phone, type, status, start_time, end_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
     SELECT (e->>'id')::uuid, (e->>'agentId')::uuid, e->>'phone', e->>'type', e->>'status', (e->>'startTime')::timestamptz,
            (e->>'endTime')::timestamptz, (e->>'duration')::int, coalesce((e->>'recorded')::boolean, false),
            coalesce((e->>'created')::timestamptz, (e->>'startTime')::timestamptz), $2::text,
            ARRAY(SELECT jsonb_array_elements_text(coalesce(e->'tags', '[]'::jsonb))),
            coalesce(e->'classificationData', '{}'::jsonb), coalesce(e->'extractedData', '{}'::jsonb), e
       FROM input
     ON CONFLICT (id) DO UPDATE SET
       agent_id = EXCLUDED.agent_id, phone = EXCLUDED.phone, type = EXCLUDED.type, status = EXCLUDED.status,
       start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time, duration = EXCLUDED.duration,
       recorded = EXCLUDED.recorded, created = EXCLUDED.created,
       campaign_name = coalesce(EXCLUDED.campaign_name, c.campaign_name),
       tags = EXCLUDED.tags, classification = EXCLUDED.classification, extracted = EXCLUDED.extracted,
       doc = EXCLUDED.doc, synced_at = now()
     WHERE c.doc IS DISTINCT FROM EXCLUDED.doc OR (EXCLUDED.campaign_name IS NOT NULL AND c.campaign_name IS DISTINCT FROM EXCLUDED.campaign_name)
     RETURNING c.id, c.start_time, c.agent_id, c.campaign_name, c.status, c.duration, c.classification),
     -- The transcript's copy of the list's common filters follows its call (a status changes after the transcript is stored; ADR 0058).
     tr AS (UPDATE index_transcripts t SET start_time = u.start_time, agent_id = u.agent_id, status = u.status, campaign_name = u.campaign_name
              FROM up u WHERE t.call_id = u.id
               AND (t.start_time, t.agent_id, t.status, t.campaign_name) IS DISTINCT FROM (u.start_time, u.agent_id, u.status, u.campaign_name)),
     -- Each row written adds its new values to the rollups and takes its old ones away (ADR 0034).
     delta AS (SELECT start_time, agent_id, campaign_name, status, duration, classification, 1 AS d FROM up
               UNION ALL
               SELECT o.start_time, o.agent_id, o.campaign_name, o.status, o.duration, o.classification, -1 FROM old o WHERE o.id IN (SELECT id FROM up)),
     leveled AS (SELECT d.*, l.level, l.t FROM delta d
                 CROSS JOIN LATERAL (VALUES (0::smallint, date_trunc('hour', d.start_time, 'UTC')), (1::smallint, date_trunc('day', d.start_time, 'UTC'))) AS l(level, t)),
     rs AS (INSERT INTO index_rollup_status AS r (t, agent_id, campaign_name, counts)
            SELECT t, agent_id, campaign_name, ${STATUS_COUNTS} FROM leveled WHERE level = 0 GROUP BY 1, 2, 3
            ON CONFLICT (t, agent_id, campaign_name) DO UPDATE SET counts = ${ADD_STATUS_COUNTS}),
     rd AS (INSERT INTO index_rollup_duration AS r (level, t, agent_id, campaign_name, block, counts)
            SELECT level, t, agent_id, campaign_name, duration / ${DURATION_BLOCK}, ${DURATION_COUNTS} FROM leveled
             WHERE status = ANY($3::text[]) AND duration IS NOT NULL GROUP BY 1, 2, 3, 4, 5
            ON CONFLICT (level, t, agent_id, campaign_name, block) DO UPDATE SET counts = ${ADD_DURATION_COUNTS}),
     rc AS (INSERT INTO index_rollup_class AS r (level, t, agent_id, campaign_name, name, value, n)
            SELECT level, t, agent_id, campaign_name, kv.key, kv.value, sum(d) FROM leveled CROSS JOIN LATERAL jsonb_each_text(classification) AS kv
             GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0
            ON CONFLICT (level, t, agent_id, campaign_name, name, value) DO UPDATE SET n = r.n + EXCLUDED.n)
     INSERT INTO index_call_facts AS f (id, start_time, agent_id, campaign_name, status, duration, classification) SELECT * FROM up
     ON CONFLICT (id) DO UPDATE SET start_time = EXCLUDED.start_time, agent_id = EXCLUDED.agent_id, campaign_name = EXCLUDED.campaign_name,
       status = EXCLUDED.status, duration = EXCLUDED.duration, classification = EXCLUDED.classification`,
    // Stored as the contract's Call: fields the upstream left out filled with their empty values, unknown ones dropped.
    [cleanJson(calls.map(normaliseCall)), campaignName, STATUS_GROUP_STATUSES.reached],
  );
  // The outcomes these calls meet, rewritten when any row changed (docs/outcomes.md).
  if (rowCount > 0)
    await evaluateOutcomes(
      db,
      calls.map((c) => c.id),
    );
  return rowCount;
}

/**
 * Stores several transcripts in one transaction of at most three statements, whatever their number
 * (one commit and one round trip per batch, not two statements per call: the backfill's bottleneck). A call listed twice keeps its last transcript.
 */
export async function saveTranscripts(db: Db, items: readonly { callId: string; entries: readonly IndexableEntry[] | 'none' }[]): Promise<void> {
  if (items.length === 0) return;
  const last = new Map(items.map((i) => [i.callId, i.entries]));
  const none = [...last].filter(([, entries]) => entries === 'none').map(([id]) => id);
  const found = [...last].flatMap(([id, entries]) => {
    if (entries === 'none') return [];
    const events = transcriptEvents(entries);
    return [
      {
        id,
        entries,
        text: entries.map((e) => e.message ?? '').join('\n'),
        am: events.answeringMachine,
        tr: events.transfer,
        ah: events.answerToHangup,
      },
    ];
  });
  await db.transaction(async (tx) => {
    if (none.length) await tx.query(`UPDATE index_calls SET transcript_state = 'none' WHERE id = ANY($1::uuid[])`, [none]);
    if (found.length === 0) return;
    // cleanJson cleans every string, the messages and the text they make alike.
    const batch = cleanJson(found);
    await tx.query(
      // With the call's start time, agent, status and campaign: the copies a text search counts by (ADR 0058).
      `INSERT INTO index_transcripts (call_id, entries, tsv, start_time, agent_id, status, campaign_name)
       SELECT (x->>'id')::uuid, x->'entries', to_tsvector('${TS_CONFIG}', x->>'text'), c.start_time, c.agent_id, c.status, c.campaign_name
         FROM jsonb_array_elements($1::jsonb) AS x LEFT JOIN index_calls c ON c.id = (x->>'id')::uuid
       ON CONFLICT (call_id) DO UPDATE SET entries = EXCLUDED.entries, tsv = EXCLUDED.tsv, indexed_at = now(),
         start_time = EXCLUDED.start_time, agent_id = EXCLUDED.agent_id, status = EXCLUDED.status, campaign_name = EXCLUDED.campaign_name`,
      [batch],
    );
    await tx.query(
      `UPDATE index_calls c SET transcript_state = 'done', answering_machine = (x->>'am')::boolean, transfer = (x->>'tr')::boolean,
              answer_to_hangup = (x->>'ah')::int
         FROM jsonb_array_elements($1::jsonb) AS x WHERE c.id = (x->>'id')::uuid`,
      [batch],
    );
  });
}

/**
 * Retention: removes the calls that started before `before` (a UTC midnight), oldest UTC day first,
 * each day in one transaction with its transcripts and facts (ON DELETE CASCADE) and its rollup
 * rows, so Insights never sees a day half pruned. Stops once `limit` calls are removed (the worker
 * goes on next pass). Returns the calls removed.
 */
export async function pruneIndex(db: Db, before: Date, limit: number): Promise<number> {
  if (before.getTime() % 86_400_000 !== 0) throw new Error('pruneIndex: `before` must be a UTC midnight.');
  let removed = 0;
  while (removed < limit) {
    const n = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ cut: Date | null }>(
        `SELECT least(date_trunc('day', min(start_time), 'UTC') + interval '1 day', $1::timestamptz) AS cut FROM index_calls WHERE start_time < $1`,
        [before],
      );
      const cut = rows[0]?.cut;
      if (!cut) return 0;
      const { rowCount } = await tx.query(`DELETE FROM index_calls WHERE start_time < $1`, [cut]);
      for (const table of ['index_rollup_status', 'index_rollup_duration', 'index_rollup_class']) await tx.query(`DELETE FROM ${table} WHERE t < $1`, [cut]);
      return rowCount;
    });
    if (n === 0) break;
    removed += n;
  }
  return removed;
}

/** Refreshes the planner's statistics of the index tables (see IndexSyncer.maybeAnalyze). */
export async function analyzeIndex(db: Queryable): Promise<void> {
  await db.query('ANALYZE index_calls, index_call_facts, index_transcripts');
}

/** A transcript that could not be read: tried again later, given up after `maxAttempts`. */
export async function transcriptFailed(db: Db, callId: string, maxAttempts: number): Promise<void> {
  await db.query(
    `UPDATE index_calls SET transcript_attempts = transcript_attempts + 1,
       transcript_state = CASE WHEN transcript_attempts + 1 >= $2 THEN 'failed' ELSE transcript_state END WHERE id = $1`,
    [callId, maxAttempts],
  );
}

/** Ended calls whose transcript is not indexed, newest first. */
export async function pendingTranscripts(db: Db, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM index_calls WHERE transcript_state = 'pending' AND status <> 'IN_PROGRESS' ORDER BY end_time DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** Calls still IN_PROGRESS that started before `before` (the recent days' re-read covers the rest). */
export async function staleInProgress(db: Db, before: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`SELECT id FROM index_calls WHERE status = 'IN_PROGRESS' AND start_time < $1 ORDER BY start_time LIMIT $2`, [
    before,
    limit,
  ]);
  return rows.map((r) => r.id);
}

export interface BackfillCursor {
  /** The day being read (UTC date) and the next page of it; days go from newest to oldest. */
  day: string;
  page: number;
  /** Registry campaign being attributed, by index into the sorted list, once calls are done. */
  phase: 'calls' | 'campaigns';
  campaign?: number;
}

/** A page that was malformed, to read again on a later pass. */
export interface RetryPage {
  day: string;
  page: number;
  campaignName?: string;
}

export interface SyncErrorInfo {
  at: string;
  kind: 'rate-limited' | 'upstream-error' | 'timeout' | 'unreachable' | 'malformed' | 'internal';
  message: string;
}

export interface SyncState {
  backfillSince: string | null;
  backfillCursor: BackfillCursor | null;
  backfillComplete: boolean;
  retryPages: RetryPage[];
  indexedAt: Date | null;
  lastSuccessAt: Date | null;
  lastError: SyncErrorInfo | null;
  syncer: string | null;
  syncerSeenAt: Date | null;
  /** The counts as the worker last took them (countIndex), and when; null before its first count. */
  counts: IndexCounts | null;
  countedAt: Date | null;
  /** The rate the worker's reader uses, as it last wrote it. */
  rate: StoredRate | null;
}

export interface StoredRate {
  perSecond: number;
  max: number;
  lastLimit: { at: number; perSecond: number } | null;
  at: string;
}

export interface IndexCounts {
  calls: number;
  transcripts: number;
  /** Ended calls whose transcript is not indexed yet. */
  pending: number;
}

/** Counts the index's calls and transcripts: one scan, taken by the worker (never on a request). */
export async function countIndex(db: Queryable): Promise<IndexCounts> {
  const { rows } = await db.query<IndexCounts>(
    `SELECT count(*)::int AS calls,
            count(*) FILTER (WHERE transcript_state = 'done')::int AS transcripts,
            count(*) FILTER (WHERE transcript_state = 'pending' AND status <> 'IN_PROGRESS')::int AS pending
       FROM index_calls`,
  );
  return rows[0]!;
}

export async function readSyncState(db: Queryable): Promise<SyncState> {
  const { rows } = await db.query<{
    backfill_since: string | Date | null;
    backfill_cursor: BackfillCursor | null;
    backfill_complete: boolean;
    retry_pages: RetryPage[];
    indexed_at: Date | null;
    last_success_at: Date | null;
    last_error: SyncErrorInfo | null;
    syncer: string | null;
    syncer_seen_at: Date | null;
    counts: IndexCounts | null;
    counted_at: Date | null;
    rate: StoredRate | null;
  }>(
    `SELECT backfill_since::text AS backfill_since, backfill_cursor, backfill_complete, retry_pages, indexed_at, last_success_at, last_error, syncer, syncer_seen_at,
            counts, counted_at, rate FROM index_sync WHERE id = 1`,
  );
  const r = rows[0]!;
  return {
    backfillSince: r.backfill_since ? String(r.backfill_since).slice(0, 10) : null,
    backfillCursor: r.backfill_cursor,
    backfillComplete: r.backfill_complete,
    retryPages: r.retry_pages ?? [],
    indexedAt: r.indexed_at ? new Date(r.indexed_at) : null,
    lastSuccessAt: r.last_success_at ? new Date(r.last_success_at) : null,
    lastError: r.last_error,
    syncer: r.syncer,
    syncerSeenAt: r.syncer_seen_at ? new Date(r.syncer_seen_at) : null,
    counts: r.counts,
    countedAt: r.counted_at ? new Date(r.counted_at) : null,
    rate: r.rate,
  };
}

type StatePatch = Partial<{
  backfill_since: string;
  backfill_cursor: BackfillCursor | null;
  backfill_complete: boolean;
  retry_pages: RetryPage[];
  indexed_at: Date;
  last_success_at: Date;
  last_error: SyncErrorInfo | null;
  syncer: string;
  syncer_seen_at: Date;
  counts: IndexCounts;
  counted_at: Date;
  rate: StoredRate;
}>;

const JSON_COLUMNS = new Set(['backfill_cursor', 'retry_pages', 'last_error', 'counts', 'rate']);

/** Sets some columns of the sync row (names from the fixed StatePatch keys only). */
export async function writeSyncState(db: Queryable, patch: StatePatch): Promise<void> {
  const keys = Object.keys(patch) as (keyof StatePatch)[];
  if (keys.length === 0) return;
  const sets = keys.map((k, i) => `${k} = $${i + 1}${JSON_COLUMNS.has(k) ? '::jsonb' : ''}`);
  const values = keys.map((k) => (JSON_COLUMNS.has(k) && patch[k] !== null ? JSON.stringify(patch[k]) : patch[k]));
  await db.query(`UPDATE index_sync SET ${sets.join(', ')} WHERE id = 1`, values);
}
