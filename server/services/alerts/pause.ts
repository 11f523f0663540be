/**
 * Auto-pause: an alert whose rule names a campaign asks the BFF's own write path to pause it
 * (changeCampaignStatus, with the server-held write token), acting for the person who set the
 * auto-pause. The alert is claimed with a lease before the request leaves, so one attempt is in
 * flight at a time; an attempt that fails for a reason that may pass (the upstream unreachable,
 * 5xx, 429) is tried again with back-off and the alert shows it; a refusal (the campaign was
 * cancelled, the person may no longer pause: disabled, or a role that no longer may, checked at
 * each attempt) is final, with the reason on the alert. Every attempt is audited with the rule and
 * the person.
 */
import type { Queryable } from '../../../common/db';
import { BFF_WRITE_ROUTES } from '../../../contract/bff/write-routes.plain';
import { ROUTES } from '../../../contract/routes';
import type { Ctx } from '../../context';
import { HttpError } from '../../http';
import { audit } from '../audit';
import { mayCall } from '../policy';
import type { Session } from '../auth/sessions';
import { performWrite } from '../writes/writes';
import { backoffMs } from './webhook';

/** How long a claimed pause is left to its attempt before another may take it. */
const LEASE_MS = 120_000;

interface PauseRow {
  id: string;
  rule_id: string | null;
  rule_name: string;
  pause_campaign_id: string;
  pause_set_by: string | null;
  pause_set_by_id: number | null;
  pause_attempts: number;
}

export interface PauseSettings {
  retryBaseMs: number;
  attempts: number;
}

async function actingSession(db: Queryable, row: PauseRow): Promise<Session | string> {
  if (row.pause_set_by_id === null) return 'Nobody is named as having set this auto-pause.';
  const { rows } = await db.query<{ id: number; username: string; role: Session['role']; enabled: boolean }>(
    'SELECT id, username, role, enabled FROM users WHERE id = $1',
    [row.pause_set_by_id],
  );
  const user = rows[0];
  if (!user || !user.enabled) return `${row.pause_set_by ?? 'The person who set it'} can no longer act: the account is disabled or gone.`;
  // The role as it is now, not as it was when the auto-pause was set.
  if (!mayCall(user.role, ROUTES[BFF_WRITE_ROUTES.changeCampaignStatus.upstream]))
    return `Not paused: ${user.username}, who set this auto-pause, now has the role ${user.role}, which may not pause campaigns. An operator or admin can set the auto-pause again.`;
  return { idHash: '', userId: user.id, username: user.username, role: user.role };
}

/** Runs the pauses that are due, one at a time; returns how many were attempted. */
export async function runDuePauses(ctx: Ctx, settings: PauseSettings): Promise<number> {
  const { db } = ctx;
  const due = await db.query<{ id: string }>(
    `SELECT id FROM alerts WHERE pause_state IN ('pending', 'retrying') AND pause_next_at <= now() ORDER BY id LIMIT 20`,
  );
  let attempted = 0;
  for (const { id } of due.rows) {
    const claimed = await db.query<PauseRow>(
      `UPDATE alerts SET pause_attempts = pause_attempts + 1, pause_next_at = now() + ($2::int * interval '1 millisecond')
        WHERE id = $1 AND pause_state IN ('pending', 'retrying') AND pause_next_at <= now()
        RETURNING id, rule_id, rule_name, pause_campaign_id, pause_set_by, pause_set_by_id, pause_attempts`,
      [id, LEASE_MS],
    );
    const row = claimed.rows[0];
    if (!row) continue;
    attempted += 1;
    await attempt(ctx, row, settings);
  }
  return attempted;
}

async function attempt(ctx: Ctx, row: PauseRow, settings: PauseSettings): Promise<void> {
  const { db } = ctx;
  const alertId = Number(row.id);
  const who = row.pause_set_by ?? 'unknown';
  const ruleText = `rule "${row.rule_name}"${row.rule_id ? ` (#${row.rule_id})` : ''}`;
  const record = (outcome: string, status: number | null, reason?: string) =>
    audit(db, {
      username: who,
      action: 'alerts.autoPause',
      route: 'POST /bff/campaigns/:id/status',
      outcome: `${outcome}: campaign ${row.pause_campaign_id}, ${ruleText}, alert #${alertId}, auto-pause set by ${who}${reason ? `. ${reason}` : ''}`,
      status,
      requestId: `alert-${alertId}-pause-${row.pause_attempts}`,
    });

  const finish = async (state: 'done' | 'failed', error: string | null) => {
    await db.query(
      // Done keeps the last failure's text (the alert says the pause took several attempts, and why).
      `UPDATE alerts SET pause_state = $2, pause_error = coalesce($3, pause_error), pause_next_at = NULL, paused_at = CASE WHEN $2 = 'done' THEN now() ELSE paused_at END WHERE id = $1`,
      [alertId, state, error],
    );
  };
  const retry = async (error: string) => {
    if (row.pause_attempts >= settings.attempts) {
      await finish('failed', `${error} Given up after ${row.pause_attempts} attempts.`);
      return;
    }
    const wait = backoffMs(settings.retryBaseMs, row.pause_attempts);
    await db.query(`UPDATE alerts SET pause_state = 'retrying', pause_error = $2, pause_next_at = now() + ($3::int * interval '1 millisecond') WHERE id = $1`, [
      alertId,
      error,
      wait,
    ]);
  };

  const session = await actingSession(db, row);
  if (typeof session === 'string') {
    await record('refused', null, session);
    await finish('failed', session);
    return;
  }
  try {
    const answer = await performWrite(ctx, {
      name: 'changeCampaignStatus',
      params: { id: row.pause_campaign_id },
      body: { status: 'PAUSED' },
      idempotencyKey: undefined,
      session,
      requestId: `alert-${alertId}-pause-${row.pause_attempts}`,
    });
    if (answer.status >= 200 && answer.status < 300) {
      await record('ok', answer.status);
      await finish('done', null);
    } else if (answer.status === 429) {
      await record('failed (will retry)', 429);
      await retry('The Voice API asked to slow down (429).');
    } else {
      await record('refused', answer.status);
      await finish('failed', `The Voice API refused the pause (${answer.status}): ${upstreamMessage(answer.body)}`);
    }
  } catch (error) {
    if (error instanceof HttpError && (error.status >= 500 || error.status === 409)) {
      await record('failed (will retry)', error.status);
      await retry(error.message);
    } else {
      const message = error instanceof Error ? error.message : 'The pause failed.';
      await record('refused', error instanceof HttpError ? error.status : null);
      await finish('failed', message);
    }
  }
}

function upstreamMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: string; errors?: { message?: string }[] };
    return [parsed.message, ...(parsed.errors ?? []).map((e) => e.message)].filter(Boolean).join(' ') || 'no reason given.';
  } catch {
    return 'no reason given.';
  }
}
