/**
 * Auto-pause acts for the person who set it as they are when it acts: a person since disabled, or
 * whose role no longer may pause campaigns, pauses nothing; the alert says why and the audit too.
 * In-memory PGlite through the inject app; the upstream refuses connections, so a pause that got
 * as far as the upstream would be retried, never done.
 */
import { describe, expect, it } from 'vitest';
import { useInjectApp } from '../../testing/inject';
import { runDuePauses } from './pause';

const t = useInjectApp({ ALERTS: 'false' });
const CAMPAIGN = '22222222-3333-4444-8555-666666666666';

async function pendingPause(setBy: string): Promise<number> {
  const { db } = t.app.ctx;
  const user = (await db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [setBy])).rows[0]!;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO alerts (rule_name, view_name, summary, value, opened_at, pause_state, pause_campaign_id, pause_set_by, pause_set_by_id, pause_next_at)
     VALUES ('Winter no-answer', 'no-answer', 's', 1, now(), 'pending', $1, $2, $3, now()) RETURNING id`,
    [CAMPAIGN, setBy, user.id],
  );
  return Number(rows[0]!.id);
}

const alertPause = async (id: number) =>
  (await t.app.ctx.db.query<{ pause_state: string; pause_error: string | null }>('SELECT pause_state, pause_error FROM alerts WHERE id = $1', [id])).rows[0]!;
const auditOf = async (id: number) =>
  (
    await t.app.ctx.db.query<{ username: string; outcome: string }>(
      `SELECT username, outcome FROM audit WHERE action = 'alerts.autoPause' AND outcome LIKE $1`,
      [`%alert #${id},%`],
    )
  ).rows;

describe('auto-pause, as the person is when it acts', () => {
  it('does not pause for a person whose role no longer may pause, and says why on the alert and in the audit', async () => {
    const { db } = t.app.ctx;
    await db.query(`INSERT INTO campaigns (id, name, agent_id, created_by) VALUES ($1, 'Winter', $1, 'operator') ON CONFLICT DO NOTHING`, [CAMPAIGN]);
    const id = await pendingPause('operator');
    await db.query(`UPDATE users SET role = 'viewer' WHERE username = 'operator'`);
    try {
      await runDuePauses(t.app.ctx, { retryBaseMs: 10, attempts: 3 });
    } finally {
      await db.query(`UPDATE users SET role = 'operator' WHERE username = 'operator'`);
    }
    const reason =
      'Not paused: operator, who set this auto-pause, now has the role viewer, which may not pause campaigns. An operator or admin can set the auto-pause again.';
    expect(await alertPause(id)).toEqual({ pause_state: 'failed', pause_error: reason });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'operator', outcome: expect.stringMatching(/^refused: campaign .*auto-pause set by operator\. Not paused: /) });
    expect(audit[0]!.outcome).toContain(reason);
  });

  it('does not pause for a person since disabled', async () => {
    const { db } = t.app.ctx;
    const id = await pendingPause('admin');
    await db.query(`UPDATE users SET enabled = false WHERE username = 'admin'`);
    try {
      await runDuePauses(t.app.ctx, { retryBaseMs: 10, attempts: 3 });
    } finally {
      await db.query(`UPDATE users SET enabled = true WHERE username = 'admin'`);
    }
    expect(await alertPause(id)).toEqual({ pause_state: 'failed', pause_error: 'admin can no longer act: the account is disabled or gone.' });
    expect((await auditOf(id))[0]!.outcome).toContain('admin can no longer act');
  });
});
