/**
 * The alert evaluator as a running service. With several BFF instances on one PostgreSQL, exactly
 * one evaluates: the holder of the alerts' own advisory lock (the same mechanism as the index's
 * sync, server/services/call-index/leader.ts; with no URL, as in some tests, this one evaluates).
 * Every tick the leader runs the due auto-pauses and starts the due webhook deliveries; every
 * ALERTS_INTERVAL_SECONDS it evaluates the rules at the instant the call index is complete to, and
 * applies the do-not-call rules (server/services/do-not-call/rules.ts) to the index.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Agent } from 'undici';
import type { Ctx } from '../../context';
import { AdvisoryLeadership, alwaysLeader, type Leadership } from '../call-index/leader';
import { applyDncRules } from '../do-not-call/rules';
import { DeliveryWorker } from './deliveries';
import { evaluateAll, indexedAt, type EvaluationLog } from './evaluate';
import { runDuePauses } from './pause';
import { webhookAgent } from './webhook';

/** "SBAL": the alerts' advisory lock, apart from the index's so each may lead elsewhere. */
const ALERTS_LOCK_KEY = 0x5342414c;

export interface AlertSettings {
  enabled: boolean;
  intervalMs: number;
  retryBaseMs: number;
  attempts: number;
  timeoutMs: number;
  allowLoopback: boolean;
  databaseUrl?: string;
}

export class AlertService {
  private readonly leadership: Leadership;
  private readonly agent: Agent;
  private readonly deliveries: DeliveryWorker;
  private abort = new AbortController();
  private loop: Promise<void> | null = null;
  private lastEvaluation = 0;
  leading = false;
  /** Evaluations finished by this instance (tests wait on it). */
  evaluations = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly log: EvaluationLog,
    readonly settings: AlertSettings,
  ) {
    this.leadership = settings.databaseUrl ? new AdvisoryLeadership(settings.databaseUrl, ALERTS_LOCK_KEY, 'switchboard-alerts-lock') : alwaysLeader;
    this.agent = webhookAgent(settings.allowLoopback, settings.timeoutMs);
    // Sockets are cheap and each send ends by its timeout: many receivers at once, two per receiver.
    this.deliveries = new DeliveryWorker(ctx.db, this.agent, { ...settings, parallel: 100, perReceiver: 2 });
  }

  start(): void {
    if (!this.settings.enabled || this.loop) return;
    this.loop = this.run(this.abort.signal);
  }

  /** One tick: evaluation when its interval has passed, then pauses and deliveries. */
  async tick(): Promise<void> {
    this.leading = await this.leadership.acquire();
    if (!this.leading) return;
    if (Date.now() - this.lastEvaluation >= this.settings.intervalMs) {
      this.lastEvaluation = Date.now();
      const asOf = await indexedAt(this.ctx.db);
      if (asOf) await evaluateAll(this.ctx.db, asOf, this.log);
      // Do-not-call rules read the same index, on the same one instance.
      await applyDncRules(this.ctx.db);
      this.evaluations += 1;
    }
    await runDuePauses(this.ctx, this.settings);
    await this.deliveries.kick();
  }

  private async run(signal: AbortSignal): Promise<void> {
    const every = Math.max(50, Math.min(this.settings.intervalMs, this.settings.retryBaseMs, 1_000));
    while (!signal.aborted) {
      try {
        await this.tick();
      } catch (error) {
        this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Alerts: a tick failed; the next one tries again.');
      }
      await sleep(every, undefined, { signal }).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop?.catch(() => undefined);
    this.loop = null;
    this.abort = new AbortController();
    await this.deliveries.drain();
    await this.leadership.release();
    await this.agent.close().catch(() => undefined);
  }
}
