/**
 * One sync pass of the call index (docs/insights.md "How sync works"):
 * 1. backfill, once: day by day from today back to the window's start, then each registry campaign
 *    through the upstream's campaign-name filter; the cursor is saved with every page, in the same
 *    transaction as the page's rows, so a restart (even kill -9) resumes with no gap and upserts
 *    make a page read twice harmless;
 * 2. the recent days again (statuses change), and the registry campaigns over them;
 * 3. pages that were malformed, again; calls still IN_PROGRESS from before the recent days, one by one;
 * 4. transcripts of ended calls, newest first, a bounded number per pass.
 * `indexedAt` becomes the pass's start once 1–3 succeeded: everything the upstream had then is here.
 */
import type { Db } from '../../../common/db';
import { QUERY_PARAM_NAMES } from '../../../contract/queries.plain';
import { CallPage, IndexableCall, parseTranscript, type IndexableEntry } from './parse';
import { ReadError, routeShape, type IndexReader } from './reader';
import { evaluateOutcomes } from '../campaigns/outcomes';
import {
  analyzeIndex,
  countIndex,
  pendingTranscripts,
  pruneIndex,
  readSyncState,
  saveTranscripts,
  staleInProgress,
  transcriptFailed,
  upsertCalls,
  writeSyncState,
  type BackfillCursor,
  type RetryPage,
  type SyncErrorInfo,
} from './store';

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SyncOptions {
  backfillDays: number;
  recentDays: number;
  transcriptsPerPass: number;
  /** Parallel transcript reads (each still waits for the reader's rate). */
  concurrency: number;
  /** Attempts at a malformed transcript before giving it up. */
  transcriptAttempts?: number;
  /** Rows written before the index tables are analyzed (default 5,000; tests lower it). */
  analyzeAfterRows?: number;
  /** The upstream's "now" (tests move the simulator's clock); default the local clock. */
  now?: () => Date;
  /** Days of calls (and their transcripts) the index keeps; older ones are pruned each pass. 0: keep all. */
  retentionDays?: number;
}

/** Calls pruned per pass at most (a large first prune spreads over passes). */
const PRUNE_PER_PASS = 20_000;

const PAGE_SIZE = 100;
const MAX_IN_PROGRESS_PER_PASS = 500;
const MAX_RETRY_PAGES = 1000;
const TRANSCRIPT_BATCH = 50;
/** The status's counts are taken again at most this often while the backfill writes, and at least this often when nothing is written. */
const COUNT_EVERY_MS = 10_000;
const RECOUNT_IDLE_MS = 5 * 60_000;

/** Rows written (calls and transcripts) before the first ANALYZE of the index tables. */
const ANALYZE_AFTER_ROWS = 5000;

/**
 * Whether the index tables are due for ANALYZE: `minRows` written since the last one, and at least
 * half as many as had been written then (a growing index is analyzed a handful of times, not at
 * every page: an ANALYZE of a full index takes a while).
 */
export function dueForAnalyze(written: number, atLast: number, minRows: number): boolean {
  return written - atLast >= Math.max(minRows, atLast / 2);
}

const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => utcDate(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * The first day a pass reads again: the recent days, or, when the last pass that read its ranges
 * started before them (the BFF was stopped, or the upstream's clock jumped), that pass's day, so
 * that the days in between are not skipped; never before the backfill window.
 */
export function catchUpFrom(today: string, recentDays: number, indexedAt: Date | null, backfillSince: string): string {
  let from = addDays(today, -recentDays);
  if (indexedAt) from = [from, utcDate(indexedAt)].sort()[0]!;
  return from < backfillSince ? backfillSince : from;
}

export class SyncPassError extends Error {
  constructor(readonly info: SyncErrorInfo) {
    super(info.message);
  }
}

export class IndexSyncer {
  /** Counters for the bench and diagnostics. */
  readonly counts = { callsWritten: 0, transcripts: 0, malformedPages: 0 };

  constructor(
    private readonly db: Db,
    private readonly reader: IndexReader,
    private readonly log: SyncLog,
    private readonly options: SyncOptions,
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /**
   * One pass; throws SyncPassError (already recorded in the status) when a step could not finish.
   * Resolves true when transcripts are still waiting past this pass's share: the next pass may start
   * at once rather than after the interval (the index then uses the rate it found, issue 30).
   */
  async pass(signal: AbortSignal): Promise<boolean> {
    const started = this.now();
    try {
      let state = await readSyncState(this.db);
      const today = utcDate(started);
      if (!state.backfillSince) {
        const since = addDays(today, -(this.options.backfillDays - 1));
        await writeSyncState(this.db, { backfill_since: since, backfill_cursor: { day: today, page: 1, phase: 'calls' } });
        state = await readSyncState(this.db);
      }
      if (!state.backfillComplete) await this.backfill(state.backfillSince!, state.backfillCursor ?? { day: today, page: 1, phase: 'calls' }, signal);
      const recentFrom = catchUpFrom(today, this.options.recentDays, state.indexedAt, state.backfillSince!);
      await this.readRange({ from: recentFrom, to: addDays(today, 1) }, null, signal);
      for (const campaign of await this.campaigns()) await this.readRange({ from: recentFrom, to: addDays(today, 1) }, campaign.name, signal);
      await this.retryMalformed(recentFrom, signal);
      await this.pollInProgress(new Date(`${recentFrom}T00:00:00Z`), signal);
      await writeSyncState(this.db, { indexed_at: started });
      const { failure: transcriptError, fetched } = await this.transcripts(signal);
      if (transcriptError) throw transcriptError;
      await writeSyncState(this.db, { last_success_at: this.now(), last_error: null });
      if (this.options.retentionDays) {
        // Keep retentionDays whole UTC days (today included); the cut is a midnight, so the rollups' days go whole.
        this.pruned += await pruneIndex(this.db, new Date(`${addDays(today, -(this.options.retentionDays - 1))}T00:00:00Z`), PRUNE_PER_PASS);
      }
      await this.maybeCount(true);
      await this.reportRate(true);
      return this.options.transcriptsPerPass > 0 && fetched >= this.options.transcriptsPerPass;
    } catch (error) {
      if (signal.aborted) throw error;
      const info = toErrorInfo(error, this.now());
      this.log.warn({ kind: info.kind, ...(info.kind === 'internal' ? { frames: errorFrames(error) } : {}) }, `Call index sync: ${info.message}`);
      await writeSyncState(this.db, { last_error: info }).catch(() => undefined);
      throw new SyncPassError(info);
    }
  }

  private async campaigns(): Promise<{ name: string; since: string }[]> {
    // Names are what the upstream filters by; two registry entries with one name are one filter.
    const { rows } = await this.db.query<{ name: string; since: string }>(
      `SELECT name, min(created_at)::date::text AS since FROM campaigns GROUP BY name ORDER BY min(created_at), name`,
    );
    return rows;
  }

  /** Backfill from the cursor on; the cursor moves with each page, in the page's transaction. */
  private async backfill(since: string, start: BackfillCursor, signal: AbortSignal): Promise<void> {
    let cursor = start;
    const strikes = new Strikes();
    while (cursor.phase === 'calls' && cursor.day >= since) {
      const page = strikes.check(await this.fetchPage({ from: cursor.day, to: cursor.day }, null, cursor.page, signal));
      // After a malformed page the next one is read; an empty or last page ends the day.
      const last = page !== 'malformed' && (page.page >= page.totalPages || page.content.length === 0);
      const next: BackfillCursor = !last
        ? { ...cursor, page: cursor.page + 1 }
        : addDays(cursor.day, -1) >= since
          ? { day: addDays(cursor.day, -1), page: 1, phase: 'calls' }
          : { day: since, page: 1, phase: 'campaigns', campaign: 0 };
      await this.commitPage(page, null, next, page === 'malformed' ? { day: cursor.day, page: cursor.page } : null);
      cursor = next;
    }
    const campaigns = await this.campaigns();
    const today = utcDate(this.now());
    while (cursor.phase === 'campaigns' && (cursor.campaign ?? 0) < campaigns.length) {
      const campaign = campaigns[cursor.campaign ?? 0]!;
      const from = campaign.since > since ? campaign.since : since;
      const page = strikes.check(await this.fetchPage({ from, to: addDays(today, 1) }, campaign.name, cursor.page, signal));
      const last = page !== 'malformed' && (page.page >= page.totalPages || page.content.length === 0);
      const next: BackfillCursor = last ? { ...cursor, page: 1, campaign: (cursor.campaign ?? 0) + 1 } : { ...cursor, page: cursor.page + 1 };
      await this.commitPage(page, campaign.name, next, page === 'malformed' ? { day: from, page: cursor.page, campaignName: campaign.name } : null);
      cursor = next;
    }
    await writeSyncState(this.db, { backfill_complete: true, backfill_cursor: null });
    // Counted at once: the status says "complete" from here on, and its counts must be the whole
    // backfill's. Taken after the first page only (10 s earlier at most), they could still be that
    // page's: just after midnight, today's one call, with no transcript pending (issue 28's tests
    // found it at 00:00-00:30 UTC).
    await this.takeCount();
    this.log.info({}, 'Call index backfill complete.');
  }

  /** A page's rows and the cursor after it, together; a malformed page is queued for a later pass instead. */
  private async commitPage(page: CallPage | 'malformed', campaignName: string | null, cursor: BackfillCursor, retry: RetryPage | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (page !== 'malformed') this.counts.callsWritten += await upsertCalls(tx, page.content, campaignName);
      if (retry) {
        await tx.query(
          `UPDATE index_sync SET retry_pages = (SELECT jsonb_agg(x) FROM (SELECT x FROM jsonb_array_elements(retry_pages || $1::jsonb) x LIMIT ${MAX_RETRY_PAGES}) s) WHERE id = 1`,
          [JSON.stringify([retry])],
        );
      }
      await tx.query(`UPDATE index_sync SET backfill_cursor = $1::jsonb WHERE id = 1`, [JSON.stringify(cursor)]);
    });
    await this.maybeAnalyze();
    await this.maybeCount(false);
    await this.reportRate(false);
  }

  /** Writes the reader's rate for the status read (every COUNT_EVERY_MS of a backfill, and at a pass's end). */
  private rateReportedAt = 0;
  private async reportRate(passEnd: boolean): Promise<void> {
    if (!passEnd && Date.now() - this.rateReportedAt < COUNT_EVERY_MS) return;
    this.rateReportedAt = Date.now();
    await writeSyncState(this.db, { rate: { ...this.reader.rateState(), at: new Date().toISOString() } }).catch(() => undefined);
  }

  /**
   * Takes the status's counts again (the status read is then one row: issue 28): at the end of a pass
   * when anything was written since the last count (or it is RECOUNT_IDLE_MS old), and every
   * COUNT_EVERY_MS of a backfill, so its progress shows. A failure only leaves the last counts.
   */
  private pruned = 0;
  private countedAt = 0;
  private countedWritten = -1;
  private async maybeCount(passEnd: boolean): Promise<void> {
    const written = this.counts.callsWritten + this.counts.transcripts + this.pruned;
    const age = Date.now() - this.countedAt;
    const due = passEnd ? written !== this.countedWritten || age >= RECOUNT_IDLE_MS : written !== this.countedWritten && age >= COUNT_EVERY_MS;
    if (due) await this.takeCount();
  }

  private async takeCount(): Promise<void> {
    const written = this.counts.callsWritten + this.counts.transcripts + this.pruned;
    try {
      const counts = await countIndex(this.db);
      await writeSyncState(this.db, { counts, counted_at: this.now() });
      this.countedAt = Date.now();
      this.countedWritten = written;
    } catch (error) {
      this.log.warn({ error: (error as Error)?.name }, 'Call index: the index could not be counted.');
    }
  }

  /**
   * Refreshes the planner's statistics of the index tables once enough rows were written since the
   * last time (ADR 0022): after a backfill it comes sooner than autovacuum would, and until the
   * tables are analyzed a search for a rare word walks every call.
   */
  private analyzedAt = 0;
  private analyzing = false;
  private async maybeAnalyze(): Promise<void> {
    const written = this.counts.callsWritten + this.counts.transcripts;
    if (this.analyzing || !dueForAnalyze(written, this.analyzedAt, this.options.analyzeAfterRows ?? ANALYZE_AFTER_ROWS)) return;
    this.analyzing = true;
    try {
      await analyzeIndex(this.db);
    } catch (error) {
      // Statistics only make plans better: a failure (a role that does not own the tables) never stops the sync.
      this.log.warn({ error: (error as Error)?.name }, 'Call index: the index tables could not be analyzed.');
    } finally {
      this.analyzedAt = written;
      this.analyzing = false;
    }
  }

  /** Every page of a date range (ascending start time: pages hold still while new calls are appended). */
  private async readRange(range: { from: string; to: string }, campaignName: string | null, signal: AbortSignal): Promise<void> {
    const strikes = new Strikes();
    for (let p = 1; ; p += 1) {
      // After a malformed page, the next: the next pass reads these days again anyway.
      const page = strikes.check(await this.fetchPage(range, campaignName, p, signal));
      if (page === 'malformed') continue;
      this.counts.callsWritten += await upsertCalls(this.db, page.content, campaignName);
      if (page.page >= page.totalPages || page.content.length === 0) return;
    }
  }

  private async fetchPage(
    range: { from: string; to: string },
    campaignName: string | null,
    page: number,
    signal: AbortSignal,
  ): Promise<CallPage | 'malformed'> {
    const q = new URLSearchParams({
      [QUERY_PARAM_NAMES.from]: range.from,
      [QUERY_PARAM_NAMES.to]: range.to,
      [QUERY_PARAM_NAMES.page]: String(page),
      [QUERY_PARAM_NAMES.size]: String(PAGE_SIZE),
      [QUERY_PARAM_NAMES.sort]: 'startTime,ASC',
    });
    if (campaignName) q.set(QUERY_PARAM_NAMES.campaignName, campaignName);
    const path = `/v1/calls?${q}`;
    let body: unknown;
    try {
      body = await this.reader.getJson(path, signal);
    } catch (error) {
      if (error instanceof ReadError && error.kind === 'malformed') return this.malformed(path, error.message);
      throw error;
    }
    const parsed = CallPage.safeParse(body);
    if (!parsed.success) return this.malformed(path, 'a page that does not match the Call list shape');
    return parsed.data;
  }

  private async malformed(path: string, what: string): Promise<'malformed'> {
    this.counts.malformedPages += 1;
    // Only the route's shape and the issue: no filter values, ids, phones or bodies.
    this.log.warn({ route: routeShape(path) }, `Call index: skipped a malformed page (${what}); it is read again later.`);
    await writeSyncState(this.db, {
      last_error: { at: this.now().toISOString(), kind: 'malformed', message: `Skipped a malformed page of ${routeShape(path)}; it is read again later.` },
    });
    return 'malformed';
  }

  private async retryMalformed(recentFrom: string, signal: AbortSignal): Promise<void> {
    const { retryPages } = await readSyncState(this.db);
    if (retryPages.length === 0) return;
    const left: RetryPage[] = [];
    for (const r of retryPages) {
      if (!r.campaignName && r.day >= recentFrom) continue; // the recent days were just read whole
      const to = r.campaignName ? addDays(utcDate(this.now()), 1) : r.day;
      const page = await this.fetchPage({ from: r.day, to }, r.campaignName ?? null, r.page, signal);
      if (page === 'malformed') left.push(r);
      else this.counts.callsWritten += await upsertCalls(this.db, page.content, r.campaignName ?? null);
    }
    await writeSyncState(this.db, { retry_pages: left });
  }

  private async pollInProgress(before: Date, signal: AbortSignal): Promise<void> {
    for (const id of await staleInProgress(this.db, before, MAX_IN_PROGRESS_PER_PASS)) {
      const body = await this.reader.getJson(`/v1/calls/${id}`, signal);
      if (body === null) continue; // gone upstream: kept as last seen
      const call = IndexableCall.safeParse(body);
      if (call.success) this.counts.callsWritten += await upsertCalls(this.db, [call.data]);
      else await this.malformed(`/v1/calls/${id}`, 'a call that does not match the Call shape');
    }
  }

  /** Up to transcriptsPerPass transcripts: how many were asked for, and the first error that stopped it, if any. */
  private async transcripts(signal: AbortSignal): Promise<{ failure: Error | null; fetched: number }> {
    const ids = await pendingTranscripts(this.db, this.options.transcriptsPerPass);
    const fetched = ids.length;
    let failure: Error | null = null;
    // Fetched transcripts are written in batches: one commit per batch, not per call.
    let batch: { callId: string; entries: IndexableEntry[] | 'none' }[] = [];
    const flush = async () => {
      const items = batch;
      batch = [];
      await saveTranscripts(this.db, items);
      // Transcript events are outcome clauses: these calls' outcomes again, once per batch (apart
      // from the batch's own transaction, which stays at three statements).
      await evaluateOutcomes(
        this.db,
        items.filter((i) => i.entries !== 'none').map((i) => i.callId),
      );
      this.counts.transcripts += items.filter((i) => i.entries !== 'none').length;
      await this.maybeAnalyze();
    };
    const worker = async () => {
      while (!failure && !signal.aborted) {
        const id = ids.shift();
        if (!id) return;
        try {
          const body = await this.reader.getJson(`/v1/calls/${id}/transcript`, signal);
          const entries = body === null ? 'none' : parseTranscript(body);
          if (entries) {
            batch.push({ callId: id, entries });
            if (batch.length >= TRANSCRIPT_BATCH) await flush();
          } else {
            await transcriptFailed(this.db, id, this.options.transcriptAttempts ?? 5);
            await this.malformed(`/v1/calls/${id}/transcript`, 'a transcript that is not a list of entries');
          }
        } catch (error) {
          if (error instanceof ReadError && error.kind === 'malformed') {
            await transcriptFailed(this.db, id, this.options.transcriptAttempts ?? 5);
            await this.malformed(`/v1/calls/${id}/transcript`, error.message);
          } else failure ??= error as Error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.options.concurrency) }, worker));
    await flush();
    if (signal.aborted) signal.throwIfAborted();
    return { failure, fetched };
  }
}

/** Malformed pages in a row: past three, the upstream is not answering pages at all and the pass stops. */
class Strikes {
  private count = 0;
  check<T>(page: T | 'malformed'): T | 'malformed' {
    this.count = page === 'malformed' ? this.count + 1 : 0;
    if (this.count >= 3) throw new ReadError('malformed', 'The Voice API sent three malformed pages in a row; the sync stopped and will try again.');
    return page;
  }
}

/**
 * Where an internal error came from, for the log: its stack's first frames, without the message
 * line (its text may quote data).
 */
export function errorFrames(error: unknown, depth = 6): string[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, depth);
}

function toErrorInfo(error: unknown, now: Date): SyncErrorInfo {
  if (error instanceof ReadError) return { at: now.toISOString(), kind: error.kind, message: error.message };
  // Not the upstream: a database or programming error. Its text may quote data, so only its class is kept.
  return { at: now.toISOString(), kind: 'internal', message: `The index could not store what it read (${(error as Error)?.name ?? 'error'}).` };
}
