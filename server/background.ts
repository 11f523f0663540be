/**
 * The BFF's background work (ADR 0032), apart from answering requests: each task a plugin with its
 * own lifecycle (started when the app is ready, stopped before it closes), registered by the worker
 * process (server/worker.ts) and, in tests and the in-process stack, by the app itself. The web
 * process (server/server.ts) registers none of it: it only answers.
 *
 * - the call index's sync and its ANALYZE, which also keeps campaign progress (services/call-index);
 * - alert evaluation, do-not-call rules, auto-pauses and webhook deliveries (services/alerts);
 * - pausing campaigns on blackout dates and resuming them after (services/compliance/blackout-pauses);
 * - the QA review queue's filling after each index interval (services/review/queue);
 * - retention: pruning audit rows, sessions, tokens and drafts (services/retention);
 * - the connection checks admins ask for on the "Voice API" page (services/upstream/check, ADR 0056);
 * - the worker's heartbeat, so the web processes can say when no worker runs.
 *
 * Several workers agree through advisory locks (the index's, the alerts', retention's): each task
 * runs on one of them at a time.
 */
import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../common/db';
import type { Config } from './config';
import { AlertService } from './services/alerts/service';
import { audit } from './services/audit';
import { BlackoutService } from './services/compliance/blackout-pauses';
import { CallIndexService } from './services/call-index/service';
import { schedulePruning } from './services/retention';
import { fillQueue } from './services/review/queue';
import { runDoctor } from './services/upstream/doctor';
import { claimCheck, finishCheck } from './services/upstream/check';
import { UPSTREAM_CHECK_CHANNEL, UPSTREAM_CHECK_LIMITS, WORKER_STOPPED_MESSAGE } from '../contract/bff/upstream-check';

/** How often a worker writes its heartbeat, and how old one may be before its worker counts as gone. */
export const HEARTBEAT_MS = 5_000;
export const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_MS + 5_000;

/** One piece of background work: started once the app is ready, stopped before it closes. */
export interface BackgroundTask {
  name: string;
  start(): void | Promise<void>;
  stop(): Promise<void>;
}

/**
 * The index's and the alerts' services on `app.ctx`: the routes read their status (and the
 * index's reader) in every process; only a process that registers `backgroundPlugin` starts them.
 */
export function attachBackgroundServices(app: FastifyInstance, config: Config, upstreamNow?: () => Date): void {
  const { ctx } = app;
  ctx.callIndex = new CallIndexService(ctx.db, ctx.upstream, app.log, {
    enabled: config.INDEX_SYNC,
    intervalMs: config.INDEX_INTERVAL_SECONDS * 1000,
    backfillDays: config.INDEX_BACKFILL_DAYS,
    recentDays: config.INDEX_RECENT_DAYS,
    ratePerSecond: config.INDEX_RATE_PER_SECOND,
    maxRatePerSecond: config.INDEX_RATE_MAX_PER_SECOND,
    concurrency: config.INDEX_CONCURRENCY,
    transcriptsPerPass: config.INDEX_TRANSCRIPTS_PER_PASS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    databaseUrl: config.DATABASE_URL,
    countCap: config.INDEX_COUNT_CAP,
    retentionDays: config.INDEX_RETENTION_DAYS,
    now: upstreamNow,
  });
  ctx.alerts = new AlertService(ctx, app.log, {
    enabled: config.ALERTS,
    intervalMs: config.ALERTS_INTERVAL_SECONDS * 1000,
    retryBaseMs: config.ALERT_RETRY_BASE_MS,
    attempts: config.ALERT_RETRY_ATTEMPTS,
    timeoutMs: config.ALERT_WEBHOOK_TIMEOUT_MS,
    allowLoopback: config.ALERT_WEBHOOK_LOOPBACK,
    databaseUrl: config.DATABASE_URL,
  });
  ctx.blackout = new BlackoutService(ctx, app.log, {
    enabled: true,
    intervalMs: config.BLACKOUT_INTERVAL_SECONDS * 1000,
    retryBaseMs: config.ALERT_RETRY_BASE_MS,
    attempts: config.ALERT_RETRY_ATTEMPTS,
    databaseUrl: config.DATABASE_URL,
    now: upstreamNow,
  });
}

/** The review queue fills itself after each index interval, on the instance that syncs the index. */
function reviewFill(app: FastifyInstance): BackgroundTask {
  const { db, config } = app.ctx;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    try {
      if (app.ctx.callIndex?.leading) {
        const added = await fillQueue(db);
        if (added.sampled + added.flagged > 0)
          await audit(db, {
            username: null,
            action: 'review.fill',
            route: null,
            outcome: `ok: ${added.sampled} sampled, ${added.flagged} flagged`,
            requestId: 'review-fill',
          });
      }
    } catch (error) {
      app.log.warn({ err: { message: (error as Error).message } }, 'Review queue: filling failed; the next interval tries again.');
    }
    if (!stopped) timer = setTimeout(() => void tick(), Math.max(1000, config.INDEX_INTERVAL_SECONDS * 1000));
  };
  return {
    name: 'review queue',
    start: () => {
      if (config.INDEX_SYNC) timer = setTimeout(() => void tick(), 0);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

function retention(app: FastifyInstance): BackgroundTask {
  const { db, config } = app.ctx;
  let stop: (() => void) | undefined;
  return {
    name: 'retention',
    start: () => {
      stop = schedulePruning(
        db,
        {
          auditDays: config.AUDIT_RETENTION_DAYS,
          sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
          sessionAbsoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
          draftDays: 7,
          campaignRecipientDays: config.CAMPAIGN_RECIPIENT_RETENTION_DAYS,
        },
        config.PRUNE_INTERVAL_MINUTES * 60_000,
        app.log,
      );
    },
    stop: async () => stop?.(),
  };
}

/** A message as it may be stored or logged: neither key of the pair in it. */
function withoutKeys(message: string, keys: readonly string[]): string {
  return keys.reduce((m, key) => m.split(key).join('…'), message);
}

/**
 * The connection checks admins ask for (ADR 0056): woken by the request's NOTIFY on its own
 * connection, and by a poll every UPSTREAM_CHECK_LIMITS.pollMs for a notice missed (a lost
 * connection, a check asked for while no worker ran). Each check is claimed (one worker runs it)
 * and run against the configured upstream with both keys, bounded by UPSTREAM_CHECK_LIMITS.runMs.
 */
export function upstreamChecks(app: FastifyInstance): BackgroundTask {
  const { db, config } = app.ctx;
  const keys = [config.VOICE_API_KEY, config.VOICE_API_KEY_SECONDARY].filter((k): k is string => !!k);
  let timer: NodeJS.Timeout | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let draining: Promise<void> | null = null;
  let again = false;
  const stopping = new AbortController();

  const runOne = async (id: number) => {
    const bound = AbortSignal.any([AbortSignal.timeout(UPSTREAM_CHECK_LIMITS.runMs), stopping.signal]);
    try {
      const report = await runDoctor({ baseUrl: config.VOICE_API_BASE_URL, keys, timeoutMs: config.UPSTREAM_TIMEOUT_MS, signal: bound });
      // The doctor reads a refused request as a finding: a report cut short by the bound is not one.
      if (bound.aborted) throw new Error('stopped');
      await finishCheck(db, id, { report });
    } catch (error) {
      const message = stopping.signal.aborted
        ? WORKER_STOPPED_MESSAGE
        : bound.aborted
          ? `The check took longer than ${UPSTREAM_CHECK_LIMITS.runMs / 1000} s and was stopped.`
          : `The check could not finish: ${withoutKeys((error as Error).message, keys)}`;
      app.log.warn({ check: id, err: { message } }, 'Voice API check: failed.');
      await finishCheck(db, id, { error: message });
    }
  };

  /** Runs every check waiting, one after the other; a wake-up during a run drains again after it. */
  const drain = (): Promise<void> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        while (!stopping.signal.aborted) {
          const id = await claimCheck(db);
          if (id === null) break;
          await runOne(id);
        }
      } while (again && !stopping.signal.aborted);
    })()
      .catch((error: unknown) =>
        app.log.warn({ err: { message: (error as Error).message } }, 'Voice API check: the queue could not be read; the next poll tries again.'),
      )
      .finally(() => {
        draining = null;
      });
    return draining;
  };

  const poll = () => {
    timer = setTimeout(() => void drain().finally(() => !stopping.signal.aborted && poll()), UPSTREAM_CHECK_LIMITS.pollMs);
  };

  return {
    name: 'Voice API checks',
    start: async () => {
      stopListening = await db
        .listen(UPSTREAM_CHECK_CHANNEL, () => void drain())
        .catch((error: unknown) => {
          app.log.warn({ err: { message: (error as Error).message } }, 'Voice API check: LISTEN failed; checks are found by polling.');
          return undefined;
        });
      void drain();
      poll();
    },
    stop: async () => {
      stopping.abort();
      clearTimeout(timer);
      await stopListening?.();
      await draining;
    },
  };
}

/** The worker's row in worker_heartbeats, written every HEARTBEAT_MS; removed on a clean stop. */
export function heartbeat(db: Db, log: FastifyBaseLogger, id: string): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  const beat = async () => {
    try {
      await db.query(
        `INSERT INTO worker_heartbeats (id, host, pid, started_at, seen_at) VALUES ($1, $2, $3, now(), now())
         ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
        [id, hostname(), process.pid],
      );
    } catch (error) {
      log.warn({ err: { message: (error as Error).message } }, 'Worker: the heartbeat could not be written; the next one tries again.');
    }
  };
  return {
    name: 'heartbeat',
    start: async () => {
      await beat();
      timer = setInterval(() => void beat(), HEARTBEAT_MS);
    },
    stop: async () => {
      clearInterval(timer);
      await db.query('DELETE FROM worker_heartbeats WHERE id = $1', [id]).catch(() => undefined);
    },
  };
}

/** Whether a worker wrote its heartbeat recently, and when the newest one was. */
export async function workerState(db: Db): Promise<{ running: boolean; seenAt: Date | null }> {
  const { rows } = await db.query<{ seen: Date | null; age_ms: number | null }>(
    `SELECT max(seen_at) AS seen, (extract(epoch FROM now() - max(seen_at)) * 1000)::float8 AS age_ms FROM worker_heartbeats`,
  );
  const r = rows[0];
  return { running: r?.age_ms !== null && r?.age_ms !== undefined && r.age_ms < HEARTBEAT_STALE_MS, seenAt: r?.seen ? new Date(r.seen) : null };
}

export interface BackgroundOptions {
  /** Write a heartbeat under this id (the worker process); none in the in-process stack. */
  heartbeatId?: string;
}

/** Registers the background tasks on the app: started in order when it is ready, stopped in reverse before it closes. */
export const backgroundPlugin = fp<BackgroundOptions>(
  async (app, { heartbeatId }) => {
    const { ctx } = app;
    const tasks: BackgroundTask[] = [
      ...(heartbeatId ? [heartbeat(ctx.db, app.log, heartbeatId)] : []),
      { name: 'call index', start: () => ctx.callIndex?.start(), stop: async () => ctx.callIndex?.stop() },
      { name: 'alerts', start: () => ctx.alerts?.start(), stop: async () => ctx.alerts?.stop() },
      { name: 'blackout dates', start: () => ctx.blackout?.start(), stop: async () => ctx.blackout?.stop() },
      reviewFill(app),
      retention(app),
      upstreamChecks(app),
    ];
    ctx.background = true;
    app.addHook('onReady', async () => {
      for (const task of tasks) await task.start();
    });
    app.addHook('preClose', async () => {
      for (const task of [...tasks].reverse()) await task.stop();
    });
  },
  { name: 'background' },
);
