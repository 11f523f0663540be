/**
 * Blackout pauses, run by the worker (server/background.ts) on one instance at a time (an advisory
 * lock, as the index and the alerts): at local midnight of a blackout date (blackout.ts) in a
 * campaign's own time zone, an ACTIVE campaign of the registry is paused through the BFF's own
 * write path; once its local date is no longer blacked out, it is resumed.
 *
 * One row per campaign and date (`blackout_pauses`, inserted once: ON CONFLICT DO NOTHING) makes
 * each pause happen once: a campaign a person paused is never touched, one a person resumed or
 * cancelled during the blackout is left as it is ('left'), and a date done is never done again.
 * A row is claimed with a lease before its request leaves; a failed attempt is retried with
 * back-off after the upstream's status is read again (a pause that was applied despite an error
 * is not sent twice), and after the last attempt the row is 'failed' and an alert is opened.
 * Every action is audited.
 */
import { DateTime } from 'luxon';
import type { Db } from '../../../common/db';
import type { Ctx } from '../../context';
import { HttpError } from '../../http';
import { backoffMs } from '../alerts/webhook';
import { AdvisoryLeadership, alwaysLeader, type Leadership } from '../call-index/leader';
import { audit } from '../audit';
import { readCampaign } from '../campaigns/upstream';
import { blackoutDays } from './blackout';
import type { Session } from '../auth/sessions';
import { performWrite } from '../writes/writes';

/** A fixed key in the advisory lock space ("SBBO"): the blackout pauses. */
const BLACKOUT_LOCK_KEY = 0x5342424f;
/** How long a claimed row is left to its attempt before another may take it. */
const LEASE_MS = 120_000;
/** The most recent registry campaigns looked at on a blackout date. */
const CAMPAIGNS_MAX = 500;
/** Who the audit names for these writes. */
const ACTOR = 'blackout calendar';
const SYSTEM: Session = { idHash: '', userId: 0, username: ACTOR, role: 'admin' };

export interface BlackoutSettings {
  enabled: boolean;
  intervalMs: number;
  retryBaseMs: number;
  attempts: number;
  databaseUrl?: string;
  /** The upstream's clock (the simulator's in tests); the machine's otherwise. */
  now?: () => Date;
}

interface Log {
  warn(obj: object, msg: string): void;
}

interface PauseRow {
  campaign_id: string;
  day: string;
  timezone: string;
  state: 'pausing' | 'paused' | 'resuming';
  attempts: number;
}

type Upstream = { status: string | null; timezone: string | null } | null;

export class BlackoutService {
  private readonly leadership: Leadership;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<void> | null = null;
  /** Ticks finished by this instance (tests wait on it). */
  ticks = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly log: Log,
    readonly settings: BlackoutSettings,
  ) {
    this.leadership = settings.databaseUrl ? new AdvisoryLeadership(settings.databaseUrl, BLACKOUT_LOCK_KEY, 'switchboard-blackout-lock') : alwaysLeader;
  }

  start(): void {
    if (!this.settings.enabled) return;
    this.stopped = false;
    const loop = async () => {
      this.running = this.tick().catch((error: unknown) => {
        this.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'Blackout dates: a tick failed; the next one tries again.');
      });
      await this.running;
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.settings.intervalMs);
    };
    this.timer = setTimeout(() => void loop(), 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.leadership.release();
  }

  async tick(): Promise<void> {
    if (!(await this.leadership.acquire())) return;
    const now = this.settings.now?.() ?? new Date();
    const at = DateTime.fromJSDate(now, { zone: 'UTC' });
    // Every zone's local date is within a day of UTC's.
    const days = await blackoutDays(this.ctx.db, at.minus({ days: 1 }).toISODate()!, at.plus({ days: 1 }).toISODate()!);
    const blacked = new Map(days.map((d) => [d.date, d.label]));
    if (blacked.size > 0) await this.openPauses(now, blacked);
    await this.runDue(now, blacked);
    this.ticks += 1;
  }

  /** The campaign's status and zone upstream now; null when it cannot be read. */
  private async read(id: string): Promise<Upstream> {
    try {
      const read = await readCampaign(this.ctx, id);
      if (read.kind === 'gone') return { status: 'GONE', timezone: null };
      return read.kind === 'found' ? { status: read.campaign.status, timezone: read.campaign.timezone } : null;
    } catch {
      return null;
    }
  }

  /** A row for each ACTIVE registry campaign whose local date is blacked out (once per campaign and date). */
  private async openPauses(now: Date, blacked: Map<string, string>): Promise<void> {
    const { rows } = await this.ctx.db.query<{ id: string }>('SELECT id FROM campaigns ORDER BY created_at DESC LIMIT $1', [CAMPAIGNS_MAX]);
    for (const { id } of rows) {
      const c = await this.read(id);
      if (!c || c.status !== 'ACTIVE' || !c.timezone) continue;
      const local = DateTime.fromJSDate(now, { zone: c.timezone });
      if (!local.isValid) continue;
      const day = local.toISODate()!;
      if (!blacked.has(day)) continue;
      await this.ctx.db.query(
        `INSERT INTO blackout_pauses (campaign_id, day, timezone, state) VALUES ($1, $2::date, $3, 'pausing') ON CONFLICT (campaign_id, day) DO NOTHING`,
        [id, day, c.timezone],
      );
    }
  }

  /** Pauses due, and resumes of campaigns whose local date is no longer blacked out. */
  private async runDue(now: Date, blacked: Map<string, string>): Promise<void> {
    const { db } = this.ctx;
    const { rows } = await db.query<PauseRow>(
      `SELECT campaign_id, day::text AS day, timezone, state, attempts FROM blackout_pauses
        WHERE state IN ('pausing', 'paused', 'resuming') AND next_at <= now() ORDER BY day, campaign_id LIMIT 50`,
    );
    for (const row of rows) {
      const local = DateTime.fromJSDate(now, { zone: row.timezone }).toISODate()!;
      if (row.state === 'paused' && (local <= row.day || blacked.has(local))) continue;
      const target = row.state === 'pausing' ? 'PAUSED' : 'ACTIVE';
      const claimed = await db.query<PauseRow>(
        `UPDATE blackout_pauses SET state = $3, attempts = CASE WHEN state = 'paused' THEN 1 ELSE attempts + 1 END, next_at = now() + ($4::int * interval '1 millisecond')
          WHERE campaign_id = $1 AND day = $2::date AND state = $5 AND next_at <= now()
          RETURNING campaign_id, day::text AS day, timezone, state, attempts`,
        [row.campaign_id, row.day, target === 'PAUSED' ? 'pausing' : 'resuming', LEASE_MS, row.state],
      );
      if (claimed.rows[0]) await this.attempt(claimed.rows[0], target, blacked.get(row.day) ?? 'a blackout date');
    }
  }

  private async attempt(row: PauseRow, target: 'PAUSED' | 'ACTIVE', label: string): Promise<void> {
    const { db } = this.ctx;
    const verb = target === 'PAUSED' ? 'pause' : 'resume';
    const requestId = `blackout-${row.campaign_id}-${row.day}-${verb}-${row.attempts}`;
    const record = (outcome: string, status: number | null) =>
      audit(db, {
        username: ACTOR,
        action: `blackout.${verb}`,
        route: 'POST /bff/campaigns/:id/status',
        outcome: `${outcome}: campaign ${row.campaign_id}, ${row.day} (${label}) in ${row.timezone}, attempt ${row.attempts}`,
        status,
        requestId,
      });
    const set = (state: string, error: string | null, extra = '') =>
      db.query(`UPDATE blackout_pauses SET state = $3, error = $4, next_at = now()${extra} WHERE campaign_id = $1 AND day = $2::date`, [
        row.campaign_id,
        row.day,
        state,
        error,
      ]);
    const done = () => (target === 'PAUSED' ? set('paused', null, ', paused_at = now(), attempts = 0') : set('resumed', null, ', resumed_at = now()'));

    // What it is upstream now: a retry after an error that was applied sends nothing more, and
    // a campaign a person resumed, paused again or cancelled meanwhile is left as it is.
    const before = await this.read(row.campaign_id);
    if (before?.status === target) {
      if (row.attempts > 1) {
        await record('ok (applied by an earlier attempt)', null);
        return void (await done());
      }
      // A person paused it before the calendar did (it is theirs: never resumed by it), or
      // resumed it during the blackout.
      const why = target === 'PAUSED' ? 'Already paused when the blackout began.' : 'A person resumed it during the blackout.';
      await record(`left: ${why}`, null);
      return void (await set('left', why));
    }
    if (before && before.status !== null && before.status !== 'ACTIVE' && before.status !== 'PAUSED') {
      await record(`left: the campaign is ${before.status.toLowerCase()}`, null);
      return void (await set('left', `The campaign is ${before.status.toLowerCase()}.`));
    }

    let failure: string;
    try {
      const answer = await performWrite(this.ctx, {
        name: 'changeCampaignStatus',
        params: { id: row.campaign_id },
        body: { status: target },
        idempotencyKey: undefined,
        session: SYSTEM,
        requestId,
      });
      if (answer.status >= 200 && answer.status < 300) {
        await record('ok', answer.status);
        return void (await done());
      }
      failure = `The Voice API answered ${answer.status}.`;
      await record('failed (will retry)', answer.status);
    } catch (error) {
      failure = error instanceof Error ? error.message : `The ${verb} failed.`;
      await record('failed (will retry)', error instanceof HttpError ? error.status : null);
    }
    if (row.attempts >= this.settings.attempts) {
      const message = `${failure} Given up after ${row.attempts} attempts.`;
      await set('failed', message);
      await openAlert(db, `Blackout ${verb} failed: campaign ${row.campaign_id} was not ${verb}d for ${row.day} (${label}). ${message}`);
      return;
    }
    const wait = backoffMs(this.settings.retryBaseMs, row.attempts);
    await db.query(
      `UPDATE blackout_pauses SET state = $3, error = $4, next_at = now() + ($5::int * interval '1 millisecond') WHERE campaign_id = $1 AND day = $2::date`,
      [row.campaign_id, row.day, target === 'PAUSED' ? 'pausing' : 'resuming', failure, wait],
    );
  }
}

/** An alert in the bell (no rule: the blackout calendar's own), so a person pauses or resumes by hand. */
async function openAlert(db: Db, summary: string): Promise<void> {
  await db.query(`INSERT INTO alerts (rule_name, view_name, summary, value, opened_at) VALUES ('Blackout dates', 'Compliance', $1, 0, now())`, [summary]);
}
