/**
 * The Insights aggregate: one scan of the range grouped several ways at once (totals, per agent,
 * per campaign, per time bucket, per duration bucket) with GROUPING SETS, one for classifier values,
 * one count of calls in progress now. Group counts come from the contract's status groups, so a
 * figure and the calls list filtered to its statuses agree.
 */
import type { Queryable } from '../../../common/db';
import type { Figures, GroupCounts, Insights, InsightsSearch } from '../../../contract/bff/index';
import { DURATION_BUCKET_EDGES } from '../../../contract/bff/index.plain';
import { STATUS_GROUP_STATUSES, STATUS_GROUPS } from '../../../contract/status-groups';
import { toUtcTimestamp } from '../../../contract/timestamps';
import { paramList, whereOf } from './query';
import { bucketEdges, defaultBucket, queryWindow, type Window } from './time-range';

interface Row {
  agent_id: string | null;
  campaign_name: string | null;
  tb: number | null;
  db: number | null;
  g_agent: number;
  g_campaign: number;
  g_time: number;
  g_duration: number;
  total: number;
  avg_reached: number | null;
  p90_reached: number | null;
  [group: string]: unknown;
}

function figuresOf(r: Row): Figures {
  const groups = Object.fromEntries(STATUS_GROUPS.map((g) => [g, Number(r[`n_${g}`] ?? 0)])) as GroupCounts;
  const ended = r.total - groups.inProgress;
  const share = (n: number) => (ended > 0 ? n / ended : null);
  return {
    total: r.total,
    groups,
    reachedShare: share(groups.reached),
    noAnswerShare: share(groups.noAnswer),
    failureShare: share(groups.failed),
    avgReachedSeconds: r.avg_reached === null ? null : Math.round(Number(r.avg_reached) * 10) / 10,
    p90ReachedSeconds: r.p90_reached === null ? null : Math.round(Number(r.p90_reached) * 10) / 10,
  };
}

const emptyRow = (): Row => ({
  agent_id: null,
  campaign_name: null,
  tb: null,
  db: null,
  g_agent: 1,
  g_campaign: 1,
  g_time: 1,
  g_duration: 1,
  total: 0,
  avg_reached: null,
  p90_reached: null,
});

export async function insights(db: Queryable, q: InsightsSearch, indexedAt: Date | null): Promise<Insights> {
  const w = queryWindow(q) as Window;
  const bucket = q.bucket ?? defaultBucket(w, q.tz);
  const edges = bucketEdges(w, q.tz, bucket);
  const filter = {
    agentId: q.agentId,
    campaignName: q.campaignName,
    tz: q.tz,
    from: q.from,
    to: q.to,
    startedFrom: q.startedFrom,
    startedBefore: q.startedBefore,
  };

  const params = paramList();
  const where = whereOf(filter, params);
  const { p } = params;
  const reached = p(STATUS_GROUP_STATUSES.reached);
  const groupCounts = STATUS_GROUPS.map((g) => `count(*) FILTER (WHERE c.status = ANY(${p(STATUS_GROUP_STATUSES[g])}::text[]))::int AS "n_${g}"`).join(',\n');
  const timeEdges = p(edges.map((e) => e.start));
  const durationEdges = p([...DURATION_BUCKET_EDGES]);
  const tb = `width_bucket(c.start_time, ${timeEdges}::timestamptz[])`;
  const dbx = `CASE WHEN c.status = ANY(${reached}::text[]) AND c.duration IS NOT NULL THEN width_bucket(c.duration, ${durationEdges}::int[]) END`;
  const sql = `
    SELECT c.agent_id, c.campaign_name, ${tb} AS tb, ${dbx} AS db,
           GROUPING(c.agent_id) AS g_agent, GROUPING(c.campaign_name) AS g_campaign, GROUPING(${tb}) AS g_time, GROUPING(${dbx}) AS g_duration,
           count(*)::int AS total,
           ${groupCounts},
           avg(c.duration) FILTER (WHERE c.status = ANY(${reached}::text[])) AS avg_reached,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY c.duration) FILTER (WHERE c.status = ANY(${reached}::text[])) AS p90_reached
      FROM index_calls c
     WHERE ${where.sql}
     GROUP BY GROUPING SETS ((), (c.agent_id), (c.campaign_name), (${tb}), (${dbx}))`;
  const now = whereOf({ agentId: q.agentId, campaignName: q.campaignName });
  const [main, classifiers, inProgress] = await Promise.all([
    db.query<Row>(sql, params.params),
    classifierCounts(db, filter),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls c WHERE ${now.sql} AND c.status = 'IN_PROGRESS'`, now.params),
  ]);

  const rows = main.rows;
  const total = rows.find((r) => r.g_agent && r.g_campaign && r.g_time && r.g_duration) ?? emptyRow();
  const agents = rows.filter((r) => !r.g_agent && r.agent_id).map((r) => ({ agentId: r.agent_id!, ...figuresOf(r) }));
  const campaignIds = await registryIds(
    db,
    rows.filter((r) => !r.g_campaign && r.campaign_name).map((r) => r.campaign_name!),
  );
  const campaigns = rows
    .filter((r) => !r.g_campaign && r.campaign_name)
    .map((r) => ({ campaignName: r.campaign_name!, campaignId: campaignIds.get(r.campaign_name!) ?? null, ...figuresOf(r) }));
  const byTime = new Map(rows.filter((r) => !r.g_time && r.tb !== null).map((r) => [Number(r.tb), r]));
  const series = edges.map((e, i) => {
    const r = byTime.get(i + 1);
    const end = edges[i + 1]?.start ?? w.end;
    return { start: toUtcTimestamp(e.start), end: toUtcTimestamp(end), label: e.label, groups: figuresOf(r ?? emptyRow()).groups };
  });
  const byDuration = new Map(rows.filter((r) => !r.g_duration && r.db !== null).map((r) => [Number(r.db), r.total]));
  const durations = DURATION_BUCKET_EDGES.map((min, i) => ({
    minSeconds: min,
    maxSeconds: DURATION_BUCKET_EDGES[i + 1] !== undefined ? DURATION_BUCKET_EDGES[i + 1]! - 1 : null,
    count: byDuration.get(i + 1) ?? 0,
  }));

  return {
    indexedAt: indexedAt?.toISOString() ?? null,
    range: { from: q.from ?? null, to: q.to ?? null, tz: q.tz, bucket, start: toUtcTimestamp(w.start), end: toUtcTimestamp(w.end) },
    totals: figuresOf(total),
    inProgressNow: inProgress.rows[0]?.n ?? 0,
    series,
    durations,
    classifiers,
    agents: agents.sort((a, b) => b.total - a.total),
    campaigns: campaigns.sort((a, b) => b.total - a.total),
  };
}

async function classifierCounts(db: Queryable, filter: Parameters<typeof whereOf>[0]): Promise<Insights['classifiers']> {
  const where = whereOf(filter);
  const { rows } = await db.query<{ name: string; value: string; n: number }>(
    `SELECT kv.key AS name, kv.value, count(*)::int AS n
       FROM index_calls c CROSS JOIN LATERAL jsonb_each_text(c.classification) AS kv
      WHERE ${where.sql}
      GROUP BY kv.key, kv.value ORDER BY kv.key, n DESC, kv.value`,
    where.params,
  );
  const out = new Map<string, { value: string; count: number }[]>();
  for (const r of rows) {
    const list = out.get(r.name) ?? [];
    list.push({ value: r.value, count: r.n });
    out.set(r.name, list);
  }
  return [...out].map(([name, values]) => ({ name, values }));
}

/** Registry ids by campaign name (the newest entry when names repeat). */
async function registryIds(db: Queryable, names: string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const { rows } = await db.query<{ name: string; id: string }>(
    `SELECT DISTINCT ON (name) name, id FROM campaigns WHERE name = ANY($1::text[]) ORDER BY name, created_at DESC, id DESC`,
    [names],
  );
  return new Map(rows.map((r) => [r.name, r.id]));
}
