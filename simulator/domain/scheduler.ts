/**
 * Time moves the world: live calls end when their planned end passes, and active campaigns place
 * calls on their weekdays, inside their clipped windows in their own timezone (luxon, so DST is
 * right), at most batchSize a local day, retrying unreached recipients per their retry policy.
 */
import { DateTime } from 'luxon';
import type { Weekday } from '../../contract/enums';
import { effectiveWindows } from '../../contract/time-slots';
import { atWallClock } from '../../contract/wall-clock';
import type { Queryable } from '../../common/db';
import { serialise, type SimState } from '../state';
import { insertCalls, type AgentRow, type CampaignRow } from '../store/rows';
import { placeCall } from './place-call';

const WEEKDAYS: Weekday[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
/** Scheduler resolution inside a window: a campaign places calls at most this often. */
const STEP_MS = 60_000;

interface Window {
  start: number;
  end: number;
}

/** The UTC intervals in which the campaign may call on the local day containing `at`. */
function windowsOfDay(campaign: CampaignRow, day: DateTime): Window[] {
  const doc = campaign.doc;
  if (day.toISODate()! < doc.startDate) return [];
  if (!doc.days.includes(WEEKDAYS[day.weekday - 1]!)) return [];
  // Wall-clock times of that day (set, not plus: adding minutes to midnight is wrong on DST days).
  const at = (hhmm: string) => atWallClock(day, hhmm).toMillis();
  return effectiveWindows(doc.timeSlots).map((w) => ({ start: at(w.startTime), end: at(w.endTime) }));
}

/** Whether the campaign may call at `ms`, and the next time it may start calling after `ms`. */
export function campaignWindowAt(campaign: CampaignRow, ms: number): { open: boolean; next: number | null } {
  const zone = campaign.doc.timezone;
  const today = DateTime.fromMillis(ms, { zone });
  for (let d = 0; d < 9; d += 1) {
    for (const w of windowsOfDay(campaign, today.plus({ days: d }))) {
      if (ms >= w.start && ms < w.end) return { open: true, next: ms };
      if (w.start > ms) return { open: false, next: w.start };
    }
  }
  return { open: false, next: null };
}

async function finishDueCalls(db: Queryable, at: Date): Promise<number> {
  const { rows } = await db.query<{ campaign_id: string | null; recipient_idx: number | null; status: string; end_time: Date }>(
    `UPDATE calls SET status = planned_status, end_time = planned_end,
       duration = GREATEST(0, EXTRACT(EPOCH FROM (planned_end - start_time)))::int, body = COALESCE(pending, body), pending = NULL
     WHERE status = 'IN_PROGRESS' AND planned_end <= $1
     RETURNING campaign_id, recipient_idx, status, end_time`,
    [at],
  );
  for (const row of rows) {
    if (!row.campaign_id || row.recipient_idx === null) continue;
    // Retry when the outcome is one the policy names and attempts remain; otherwise the recipient is done.
    await db.query(
      `UPDATE campaign_recipients r SET
         state = CASE WHEN c.status <> 'CANCELLED' AND (c.doc->'retry'->'retryOn') ? $3 AND r.attempts <= (c.doc->'retry'->>'max')::int
                      THEN 'PENDING' ELSE 'DONE' END,
         next_at = $4::timestamptz + make_interval(mins => (c.doc->'retry'->>'delay')::int)
       FROM campaigns c
       WHERE c.id = r.campaign_id AND r.campaign_id = $1 AND r.idx = $2`,
      [row.campaign_id, row.recipient_idx, row.status, row.end_time],
    );
  }
  return rows.length;
}

async function runCampaign(state: SimState, campaign: CampaignRow, ms: number): Promise<number> {
  const { db } = state;
  if (!campaignWindowAt(campaign, ms).open) return 0;
  const local = DateTime.fromMillis(ms, { zone: campaign.doc.timezone });
  const dayStart = new Date(local.startOf('day').toMillis());
  const at = new Date(ms);
  const { rows: counts } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM calls WHERE campaign_id = $1 AND created >= $2', [
    campaign.id,
    dayStart,
  ]);
  const { rows: live } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM calls WHERE customer_id = $1 AND status = 'IN_PROGRESS'`, [
    campaign.customer_id,
  ]);
  const room = Math.min(campaign.doc.batchSize - (counts[0]?.n ?? 0), state.limits.maxConcurrency - (live[0]?.n ?? 0));
  if (room <= 0) return 0;
  const { rows: due } = await db.query<{ idx: number; phone: string; context: Record<string, unknown> | null; tags: string[] | null }>(
    `SELECT idx, phone, context, tags FROM campaign_recipients
     WHERE campaign_id = $1 AND state = 'PENDING' AND (next_at IS NULL OR next_at <= $2)
     ORDER BY idx LIMIT $3`,
    [campaign.id, at, room],
  );
  if (due.length === 0) return 0;
  const { rows: agents } = await db.query<AgentRow>('SELECT * FROM agents WHERE id = $1', [campaign.agent_id]);
  const agent = agents[0];
  if (!agent) return 0;
  const calls = [];
  for (const r of due) {
    calls.push(
      await placeCall(
        db,
        {
          agent,
          phone: r.phone,
          context: r.context ?? {},
          segmentationTags: r.tags ?? [],
          campaign: { id: campaign.id, name: campaign.name },
          recipientIdx: r.idx,
        },
        at,
        { maxConcurrency: Number.MAX_SAFE_INTEGER, dailyQuota: Number.MAX_SAFE_INTEGER },
      ),
    );
  }
  await insertCalls(db, calls);
  await db.query(`UPDATE campaign_recipients SET attempts = attempts + 1, state = 'CALLING' WHERE campaign_id = $1 AND idx = ANY($2::int[])`, [
    campaign.id,
    due.map((r) => r.idx),
  ]);
  return calls.length;
}

async function activeCampaigns(db: Queryable): Promise<CampaignRow[]> {
  const { rows } = await db.query<CampaignRow>(
    `SELECT * FROM campaigns c WHERE status = 'ACTIVE'
       AND EXISTS (SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.state IN ('PENDING', 'CALLING'))`,
  );
  return rows;
}

/** Brings the world up to `target`: ends due calls and runs campaigns minute by minute where they may call. */
export async function runUntil(state: SimState, from: number, target: number): Promise<void> {
  await serialise(state, async () => {
    let t = from;
    for (let guard = 0; guard < 100_000; guard += 1) {
      const finished = await finishDueCalls(state.db, new Date(t));
      const campaigns = await activeCampaigns(state.db);
      let placed = 0;
      for (const c of campaigns) placed += await runCampaign(state, c, t);
      if (finished + placed > 0) state.callsVersion += 1;
      if (t >= target) break;
      // Jump to the next moment anything can happen: a window opening, a call ending, or the target.
      const { rows } = await state.db.query<{ next: Date | null }>(`SELECT min(planned_end) AS next FROM calls WHERE status = 'IN_PROGRESS'`);
      let next = target;
      if (rows[0]?.next) next = Math.min(next, Math.max(t + 1000, new Date(rows[0].next).getTime()));
      for (const c of campaigns) {
        const w = campaignWindowAt(c, t);
        if (w.open) next = Math.min(next, t + STEP_MS);
        else if (w.next !== null) next = Math.min(next, w.next);
      }
      t = Math.max(next, t + 1);
    }
  });
}
