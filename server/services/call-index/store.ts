/**
 * Writes of the call index: upserts keyed by the upstream's id (a page read twice changes nothing),
 * transcripts with their tsvector and events, and the one row of sync state (cursor and health).
 */
import type { Db, Queryable } from '../../../common/db';
import { normaliseCall } from '../../../contract/tolerant.plain';
import { cleanJson, transcriptEvents, type IndexableCall, type IndexableEntry } from './parse';

/**
 * Upserts one page. `campaignName` is set when the page came from the upstream's campaign-name
 * filter; a page without it never clears a campaign already known. Unchanged rows are not rewritten.
 * Every row written is copied, in the same statement, to index_call_facts (what Insights scans).
 */
export async function upsertCalls(db: Queryable, calls: readonly IndexableCall[], campaignName: string | null = null): Promise<number> {
  if (calls.length === 0) return 0;
  const { rowCount } = await db.query(
    `WITH up AS (INSERT INTO index_calls AS c (id, agent_id, phone, type, status, start_time, end_time, duration, recorded, created, campaign_name, tags, classification, extracted, doc)
     SELECT (e->>'id')::uuid, (e->>'agentId')::uuid, e->>'phone', e->>'type', e->>'status', (e->>'startTime')::timestamptz,
            (e->>'endTime')::timestamptz, (e->>'duration')::int, coalesce((e->>'recorded')::boolean, false),
            coalesce((e->>'created')::timestamptz, (e->>'startTime')::timestamptz), $2::text,
            ARRAY(SELECT jsonb_array_elements_text(coalesce(e->'tags', '[]'::jsonb))),
            coalesce(e->'classificationData', '{}'::jsonb), coalesce(e->'extractedData', '{}'::jsonb), e
       FROM jsonb_array_elements($1::jsonb) AS e
     ON CONFLICT (id) DO UPDATE SET
       agent_id = EXCLUDED.agent_id, phone = EXCLUDED.phone, type = EXCLUDED.type, status = EXCLUDED.status,
       start_time = EXCLUDED.start_time, end_time = EXCLUDED.end_time, duration = EXCLUDED.duration,
       recorded = EXCLUDED.recorded, created = EXCLUDED.created,
       campaign_name = coalesce(EXCLUDED.campaign_name, c.campaign_name),
       tags = EXCLUDED.tags, classification = EXCLUDED.classification, extracted = EXCLUDED.extracted,
       doc = EXCLUDED.doc, synced_at = now()
     WHERE c.doc IS DISTINCT FROM EXCLUDED.doc OR (EXCLUDED.campaign_name IS NOT NULL AND c.campaign_name IS DISTINCT FROM EXCLUDED.campaign_name)
     RETURNING c.id, c.start_time, c.agent_id, c.campaign_name, c.status, c.duration, c.classification)
     INSERT INTO index_call_facts AS f (id, start_time, agent_id, campaign_name, status, duration, classification) SELECT * FROM up
     ON CONFLICT (id) DO UPDATE SET start_time = EXCLUDED.start_time, agent_id = EXCLUDED.agent_id, campaign_name = EXCLUDED.campaign_name,
       status = EXCLUDED.status, duration = EXCLUDED.duration, classification = EXCLUDED.classification`,
    // Stored as the contract's Call: fields the upstream left out filled with their empty values, unknown ones dropped.
    [cleanJson(calls.map(normaliseCall)), campaignName],
  );
  return rowCount;
}

/**
 * Stores several transcripts in one transaction of at most three statements, whatever their number
 * (one commit and one round trip per batch, not two statements per call: the backfill's bottleneck,
 * PGlite's most of all). A call listed twice keeps its last transcript.
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
      `INSERT INTO index_transcripts (call_id, entries, tsv)
       SELECT (x->>'id')::uuid, x->'entries', to_tsvector('english', x->>'text') FROM jsonb_array_elements($1::jsonb) AS x
       ON CONFLICT (call_id) DO UPDATE SET entries = EXCLUDED.entries, tsv = EXCLUDED.tsv`,
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
  }>(
    `SELECT backfill_since::text AS backfill_since, backfill_cursor, backfill_complete, retry_pages, indexed_at, last_success_at, last_error, syncer, syncer_seen_at FROM index_sync WHERE id = 1`,
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
}>;

const JSON_COLUMNS = new Set(['backfill_cursor', 'retry_pages', 'last_error']);

/** Sets some columns of the sync row (names from the fixed StatePatch keys only). */
export async function writeSyncState(db: Queryable, patch: StatePatch): Promise<void> {
  const keys = Object.keys(patch) as (keyof StatePatch)[];
  if (keys.length === 0) return;
  const sets = keys.map((k, i) => `${k} = $${i + 1}${JSON_COLUMNS.has(k) ? '::jsonb' : ''}`);
  const values = keys.map((k) => (JSON_COLUMNS.has(k) && patch[k] !== null ? JSON.stringify(patch[k]) : patch[k]));
  await db.query(`UPDATE index_sync SET ${sets.join(', ')} WHERE id = 1`, values);
}
