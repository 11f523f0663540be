/**
 * The Insights aggregate, read from the hourly rollups (ADR 0034) whatever the window holds: calls
 * per agent, campaign, UTC hour and status; reached calls per agent, campaign and duration (whole
 * seconds: a histogram); calls per classifier value. The parts of a window the rollups cannot place
 * (an edge inside an hour) are read from index_call_facts as ADR 0022 did. The figures are rolled up
 * from these rows here: counts are sums, the average and p90 of reached durations are computed from
 * the histogram exactly as avg() and percentile_cont(0.9) would (ADR 0022). Group counts come from
 * the contract's status groups, so a figure and the calls list filtered to its statuses agree. A
 * separate, indexed count gives the calls in progress now.
 */
import type { Queryable } from '../../../common/db';
import type { Figures, GroupCounts, Insights, InsightsSearch } from '../../../contract/bff/index';
import { DURATION_BUCKET_EDGES } from '../../../contract/bff/index.plain';
import { STATUS_GROUP_OF, STATUS_GROUPS, STATUS_GROUP_STATUSES } from '../../../contract/status-groups';
import type { CallStatus } from '../../../contract/enums';
import { toUtcTimestamp } from '../../../contract/timestamps';
import { CALL_STATUS_ORDER, DURATION_BLOCK, durationCountsSql, statusCountsSql, sumCountsSql } from '../../db/rollup-sql';
import { paramList, whereOf } from './query';
import { bucketEdges, defaultBucket, queryWindow, type Window } from './time-range';

/**
 * One row of the aggregate: kind 0 counts the calls per status (CALL_STATUS_ORDER) of an agent,
 * campaign and time bucket (key: the bucket number); kind 1 the reached calls per second of a block
 * of durations (key: the block); kind 2 a classifier value (counts: one count).
 */
interface Row {
  kind: 0 | 1 | 2;
  agent_id: string | null;
  campaign_name: string | null;
  key: number | null;
  name: string | null;
  value: string | null;
  ord: number;
  counts: (number | null)[];
}

/** Counts by status and reached durations (value -> calls) of one slice: the totals, an agent, a campaign. */
class Slice {
  total = 0;
  readonly groups = Object.fromEntries(STATUS_GROUPS.map((g) => [g, 0])) as GroupCounts;
  readonly durations = new Map<number, number>();

  addStatus(status: string, n: number): void {
    this.total += n;
    const group = STATUS_GROUP_OF[status as CallStatus];
    if (group) this.groups[group] += n;
  }

  addDuration(seconds: number, n: number): void {
    this.durations.set(seconds, (this.durations.get(seconds) ?? 0) + n);
  }

  figures(): Figures {
    const ended = this.total - this.groups.inProgress;
    const share = (n: number) => (ended > 0 ? n / ended : null);
    const { avg, p90 } = durationStats(this.durations);
    return {
      total: this.total,
      groups: { ...this.groups },
      reachedShare: share(this.groups.reached),
      noAnswerShare: share(this.groups.noAnswer),
      failureShare: share(this.groups.failed),
      avgReachedSeconds: avg === null ? null : Math.round(avg * 10) / 10,
      p90ReachedSeconds: p90 === null ? null : Math.round(p90 * 10) / 10,
    };
  }
}

/**
 * The mean and the 0.9 continuous percentile of a histogram of whole seconds, as PostgreSQL's
 * avg() and percentile_cont(0.9) compute them over the same values: the percentile interpolates
 * between the values at positions floor and ceil of 0.9 * (n - 1) of the sorted list, in float8.
 */
export function durationStats(histogram: ReadonlyMap<number, number>): { avg: number | null; p90: number | null } {
  const values = [...histogram].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const count = values.reduce((s, [, n]) => s + n, 0);
  if (count === 0) return { avg: null, p90: null };
  const sum = values.reduce((s, [v, n]) => s + v * n, 0);
  const position = 0.9 * (count - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const at = (index: number) => {
    let seen = 0;
    for (const [v, n] of values) {
      seen += n;
      if (index < seen) return v;
    }
    return values[values.length - 1]![0];
  };
  const first = at(lo);
  const p90 = lo === hi ? first : first + (position - lo) * (at(hi) - first);
  return { avg: sum / count, p90 };
}

/** width_bucket(value, edges) for ascending edges: how many edges are <= value. */
function widthBucket(value: number, edges: readonly number[]): number {
  let bucket = 0;
  while (bucket < edges.length && edges[bucket]! <= value) bucket += 1;
  return bucket;
}

type Range = [Date, Date];

/**
 * Which parts of a window the rollups answer: `clean` holds the whole UTC hours inside it that no
 * bucket edge cuts (the status rollup, whose hours place each count in its bucket), split into whole
 * UTC `days` and the remaining `hours` for the duration and classifier rollups (their counts are
 * summed over the window, so a day row serves); `ragged` holds what is left, read from the facts: the
 * part-hours at a window's edges (exact instants) and the hours a bucket edge cuts (a zone whose
 * offset is not whole hours, such as Asia/Kolkata: its midnight is at :30 UTC).
 */
export function readPlan(w: Window, bucketStarts: readonly Date[]): { clean: Range[]; days: Range[]; hours: Range[]; ragged: Range[] } {
  const HOUR = 3_600_000;
  const DAY = 86_400_000;
  const start = w.start.getTime();
  const end = w.end.getTime();
  const cut = new Set(
    bucketStarts
      .map((d) => d.getTime())
      .filter((t) => t % HOUR !== 0)
      .map((t) => Math.floor(t / HOUR) * HOUR),
  );
  const clean: Range[] = [];
  const ragged: Range[] = [];
  const push = (list: Range[], from: number, to: number) => {
    const last = list[list.length - 1];
    if (last && last[1].getTime() === from) last[1] = new Date(to);
    else list.push([new Date(from), new Date(to)]);
  };
  for (let h = Math.floor(start / HOUR) * HOUR; h < end; h += HOUR) {
    if (h >= start && h + HOUR <= end && !cut.has(h)) push(clean, h, h + HOUR);
    else push(ragged, Math.max(h, start), Math.min(h + HOUR, end));
  }
  const days: Range[] = [];
  const hours: Range[] = [];
  for (const [from, to] of clean) {
    const d0 = Math.ceil(from.getTime() / DAY) * DAY;
    const d1 = Math.floor(to.getTime() / DAY) * DAY;
    if (d0 < d1) {
      days.push([new Date(d0), new Date(d1)]);
      if (from.getTime() < d0) hours.push([from, new Date(d0)]);
      if (d1 < to.getTime()) hours.push([new Date(d1), to]);
    } else hours.push([from, to]);
  }
  return { clean, days, hours, ragged };
}

/**
 * `source: 'facts'` reads the whole window from the facts (ADR 0022's direct aggregate), what the
 * tests compare the rollups with.
 */
export async function insights(db: Queryable, q: InsightsSearch, indexedAt: Date | null, opts: { source?: 'rollups' | 'facts' } = {}): Promise<Insights> {
  const w = queryWindow(q) as Window;
  const bucket = q.bucket ?? defaultBucket(w, q.tz);
  const edges = bucketEdges(w, q.tz, bucket);
  const plan =
    opts.source === 'facts'
      ? { clean: [], days: [], hours: [], ragged: [[w.start, w.end]] as Range[] }
      : readPlan(
          w,
          edges.map((e) => e.start),
        );
  const params = paramList();
  const { p } = params;
  const timeEdges = p(edges.map((e) => e.start));
  const agent = q.agentId ? p(q.agentId) : null;
  const campaign = q.campaignName ? p(q.campaignName) : null;
  const only = (alias: string) =>
    [agent && `${alias}.agent_id = ${agent}::uuid`, campaign && `${alias}.campaign_name = ${campaign}`].filter(Boolean).join(' AND ') || 'true';
  // Each range as its own indexable condition (the planner estimates them well; joined with an
  // unnested list of ranges, it did not, and scanned a whole table for two hours).
  const within = (column: string, list: Range[]) => `(${list.map(([from, to]) => `(${column} >= ${p(from)} AND ${column} < ${p(to)})`).join(' OR ')})`;
  const rolled = (table: string, level: 0 | 1, list: Range[], columns: string) =>
    list.length ? [`SELECT ${columns} FROM ${table} r WHERE r.level = ${level} AND ${within('r.t', list)} AND ${only('r')}`] : [];
  const ragged = (columns: string, extra = () => 'true', join = '', group = '') =>
    plan.ragged.length
      ? [`SELECT ${columns} FROM index_call_facts c ${join} WHERE ${within('c.start_time', plan.ragged)} AND ${only('c')} AND ${extra()} ${group}`]
      : [];
  const union = (parts: string[], columns: string) => (parts.length ? parts.join(' UNION ALL ') : `SELECT ${columns} WHERE false`);
  // The whole hours of the window come from the rollups (ADR 0034), the days of the duration and
  // classifier tables where a window holds whole UTC days; what is left (a window or bucket edge
  // inside an hour: half-hour zones, exact instants) from the facts, read as ADR 0022 did.
  const statusParts = [
    ...(plan.clean.length
      ? [
          `SELECT r.agent_id, r.campaign_name, width_bucket(r.t, ${timeEdges}::timestamptz[]) AS tb, r.counts
             FROM index_rollup_status r WHERE ${within('r.t', plan.clean)} AND ${only('r')}`,
        ]
      : []),
    ...ragged(
      `c.agent_id, c.campaign_name, width_bucket(c.start_time, ${timeEdges}::timestamptz[]), ${statusCountsSql('c.status', '1')}`,
      undefined,
      '',
      'GROUP BY 1, 2, 3',
    ),
  ];
  const durationParts = [
    ...rolled('index_rollup_duration', 1, plan.days, 'r.agent_id, r.campaign_name, r.block, r.counts'),
    ...rolled('index_rollup_duration', 0, plan.hours, 'r.agent_id, r.campaign_name, r.block, r.counts'),
    ...ragged(
      `c.agent_id, c.campaign_name, c.duration / ${DURATION_BLOCK}, ${durationCountsSql('c.duration', '1')}`,
      () => `c.status = ANY(${p(STATUS_GROUP_STATUSES.reached)}::text[]) AND c.duration IS NOT NULL`,
      '',
      'GROUP BY 1, 2, 3',
    ),
  ];
  const classParts = [
    ...rolled('index_rollup_class', 1, plan.days, 'r.name, r.value, r.n'),
    ...rolled('index_rollup_class', 0, plan.hours, 'r.name, r.value, r.n'),
    ...ragged('kv.key, kv.value, 1', undefined, 'CROSS JOIN LATERAL jsonb_each_text(c.classification) AS kv'),
  ];
  // Status counts per agent, campaign and time bucket; reached durations per agent, campaign and
  // block of seconds (count arrays summed element-wise: server/db/rollup-sql.ts); classifier values.
  const sql = `
    SELECT 0 AS kind, agent_id::text, campaign_name, tb AS key, NULL::text AS name, NULL::text AS value, 0 AS ord, ${sumCountsSql('counts', CALL_STATUS_ORDER.length)} AS counts
      FROM (${union(statusParts, 'NULL::uuid, NULL::text, 0, NULL::int[]')}) AS x(agent_id, campaign_name, tb, counts)
     GROUP BY agent_id, campaign_name, tb
    UNION ALL
    SELECT 1, agent_id::text, campaign_name, block, NULL, NULL, 0, ${sumCountsSql('counts', DURATION_BLOCK)}
      FROM (${union(durationParts, 'NULL::uuid, NULL::text, 0, NULL::int[]')}) AS x(agent_id, campaign_name, block, counts)
     GROUP BY agent_id, campaign_name, block
    UNION ALL
    SELECT 2, NULL, NULL, NULL, name, value, (row_number() OVER (ORDER BY name, sum(n) DESC, value))::int, ARRAY[sum(n)]::int[]
      FROM (${union(classParts, 'NULL::text, NULL::text, 0')}) AS x(name, value, n)
     GROUP BY name, value HAVING sum(n) > 0`;
  const now = whereOf({ agentId: q.agentId, campaignName: q.campaignName });
  const [main, inProgress] = await Promise.all([
    db.query<Row>(sql, params.params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls c WHERE ${now.sql} AND c.status = 'IN_PROGRESS'`, now.params),
  ]);

  const totals = new Slice();
  const agents = new Map<string, Slice>();
  const campaigns = new Map<string, Slice>();
  const byTime = new Map<number, Slice>();
  const byDuration = new Map<number, number>();
  const slice = (map: Map<string | number, Slice>, key: string | number) => map.get(key) ?? map.set(key, new Slice()).get(key)!;
  const classifierRows: Row[] = [];
  for (const r of main.rows) {
    if (r.kind === 2) {
      classifierRows.push(r);
      continue;
    }
    const owners = [totals, slice(agents, r.agent_id!), r.campaign_name === null ? null : slice(campaigns, r.campaign_name)];
    r.counts.forEach((count, i) => {
      const n = Number(count ?? 0);
      if (n === 0) return;
      if (r.kind === 0) {
        const status = CALL_STATUS_ORDER[i]!;
        for (const s of owners) s?.addStatus(status, n);
        if (r.key !== null) slice(byTime as Map<string | number, Slice>, Number(r.key)).addStatus(status, n);
      } else {
        const seconds = Number(r.key) * DURATION_BLOCK + i;
        for (const s of owners) s?.addDuration(seconds, n);
        const b = widthBucket(seconds, DURATION_BUCKET_EDGES);
        byDuration.set(b, (byDuration.get(b) ?? 0) + n);
      }
    });
  }

  const campaignIds = await registryIds(db, [...campaigns.keys()]);
  const series = edges.map((e, i) => {
    const end = edges[i + 1]?.start ?? w.end;
    return { start: toUtcTimestamp(e.start), end: toUtcTimestamp(end), label: e.label, groups: (byTime.get(i + 1) ?? new Slice()).figures().groups };
  });
  const durations = DURATION_BUCKET_EDGES.map((min, i) => ({
    minSeconds: min,
    maxSeconds: DURATION_BUCKET_EDGES[i + 1] !== undefined ? DURATION_BUCKET_EDGES[i + 1]! - 1 : null,
    count: byDuration.get(i + 1) ?? 0,
  }));
  const byTotal = <T extends { total: number }>(rows: [string, T][]) =>
    rows.sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  return {
    indexedAt: indexedAt?.toISOString() ?? null,
    range: { from: q.from ?? null, to: q.to ?? null, tz: q.tz, bucket, start: toUtcTimestamp(w.start), end: toUtcTimestamp(w.end) },
    totals: totals.figures(),
    inProgressNow: inProgress.rows[0]?.n ?? 0,
    series,
    durations,
    classifiers: classifiersOf(classifierRows),
    agents: byTotal([...agents].map(([id, s]) => [id, s.figures()] as [string, Figures])).map(([agentId, f]) => ({ agentId, ...f })),
    campaigns: byTotal([...campaigns].map(([name, s]) => [name, s.figures()] as [string, Figures])).map(([campaignName, f]) => ({
      campaignName,
      campaignId: campaignIds.get(campaignName) ?? null,
      ...f,
    })),
  };
}

/** Classifier values by name, most frequent first (the SQL's order: name, count descending, value). */
function classifiersOf(rows: Row[]): Insights['classifiers'] {
  const out = new Map<string, { value: string; count: number }[]>();
  for (const r of [...rows].sort((a, b) => a.ord - b.ord)) {
    const list = out.get(r.name!) ?? [];
    list.push({ value: r.value!, count: Number(r.counts[0]) });
    out.set(r.name!, list);
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
