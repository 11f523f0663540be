/**
 * What a watched view measures: a saved view's filters (its dates dropped: the sliding window
 * replaces them) through the call index's one query layer (`whereOf`), over the window that ends at
 * the instant the index is complete to. Three kinds (contract/bff/alerts.ts): a count of calls, a
 * status group's share of the ended calls, and calls IN_PROGRESS for too long.
 */
import type { Queryable } from '../../../common/db';
import type { AlertCondition } from '../../../contract/bff/alerts';
import { INDEX_ONLY_PARAMS, IndexSearchQuery, type IndexSearch } from '../../../contract/bff/index';
import type { CallStatus } from '../../../contract/enums';
import { STATUS_GROUP_LABELS, STATUS_GROUP_STATUSES, type StatusGroup } from '../../../contract/status-groups';
import { toValidationErrors } from '../../../contract/errors';
import type { ValidationError } from '../../../contract/schemas/error';
import { whereOf, type IndexFilter } from '../call-index/query';

/** The filters of a view a rule keeps (paging, sort, zone and dates are not part of a watch). */
export type WatchFilter = Omit<IndexFilter, 'from' | 'to' | 'tz' | 'startedFrom' | 'startedBefore'>;

/** The zone and the exact window are the view's, not the watch's: they are not carried over. */
type UnwatchedParam = 'tz' | 'startedFrom' | 'startedBefore';
const isWatched = (key: (typeof INDEX_ONLY_PARAMS)[number]): key is Exclude<(typeof INDEX_ONLY_PARAMS)[number], UnwatchedParam> =>
  key !== 'tz' && key !== 'startedFrom' && key !== 'startedBefore';

/** The upstream list's filters a watch keeps, then the contract's index-only filters but the unwatched ones. */
const WATCHED_KEYS = ['agentId', 'phone', 'campaignName', ...INDEX_ONLY_PARAMS.filter(isWatched)] satisfies readonly (keyof IndexSearch)[];

const asQueryValue = (v: unknown): unknown => (Array.isArray(v) ? v.map(asQueryValue) : typeof v === 'boolean' || typeof v === 'number' ? String(v) : v);

/**
 * A saved view's search (the calls list's URL state, as stored) as the filter a rule watches,
 * read with the index route's own rules; bad filters are field errors under `viewName`.
 */
export function watchFilterOf(search: Record<string, unknown>): { filter: WatchFilter } | { errors: ValidationError[] } {
  const input: Record<string, unknown> = {};
  for (const key of WATCHED_KEYS) if (search[key] !== undefined && search[key] !== null) input[key] = asQueryValue(search[key]);
  const parsed = IndexSearchQuery.safeParse(input);
  if (!parsed.success) {
    return { errors: toValidationErrors(parsed.error, input).map((e) => ({ ...e, field: 'viewName', message: `The view's ${e.field} filter: ${e.message}` })) };
  }
  const filter: Record<string, unknown> = {};
  for (const key of WATCHED_KEYS) if (parsed.data[key] !== undefined) filter[key] = parsed.data[key];
  return { filter: filter as WatchFilter };
}

export interface Measure {
  value: number;
  breached: boolean;
  summary: string;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const windowText = (minutes: number) => (minutes % 60 === 0 ? `the last ${plural(minutes / 60, 'hour')}` : `the last ${plural(minutes, 'minute')}`);

/** The statuses both the view and the condition allow; null: no status restriction at all. */
function statusesOf(view: readonly CallStatus[] | undefined, condition: readonly CallStatus[]): CallStatus[] | null {
  if (!view?.length) return condition.length ? [...condition] : null;
  if (!condition.length) return [...view];
  return view.filter((s) => condition.includes(s));
}

export async function measure(db: Queryable, filter: WatchFilter, condition: AlertCondition, asOf: Date): Promise<Measure> {
  if (condition.kind === 'stuck') {
    const since = new Date(asOf.getTime() - condition.minutes * 60_000);
    const statuses = statusesOf(filter.status, ['IN_PROGRESS']);
    if (statuses && statuses.length === 0) return { value: 0, breached: false, summary: `No call of the view can be in progress (its status filter).` };
    const where = whereOf({ ...filter, status: ['IN_PROGRESS'] });
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM index_calls c WHERE ${where.sql} AND c.start_time <= $${where.params.length + 1}`,
      [...where.params, since],
    );
    const n = rows[0]?.n ?? 0;
    return { value: n, breached: n >= 1, summary: `${plural(n, 'call')} in progress for more than ${plural(condition.minutes, 'minute')}` };
  }
  const window = { startedFrom: new Date(asOf.getTime() - condition.windowMinutes * 60_000).toISOString(), startedBefore: asOf.toISOString() };
  if (condition.kind === 'count') {
    const statuses = statusesOf(filter.status, condition.statuses);
    const which = statuses?.length ? ` ${statuses.join(' or ')}` : '';
    let n = 0;
    if (!statuses || statuses.length > 0) {
      const where = whereOf({ ...filter, ...window, status: statuses ?? undefined });
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM index_calls c WHERE ${where.sql}`, where.params);
      n = rows[0]?.n ?? 0;
    }
    return {
      value: n,
      breached: n >= condition.atLeast,
      summary: `${plural(n, `${which.trim() ? `${which.trim()} ` : ''}call`)} in ${windowText(condition.windowMinutes)} (threshold: at least ${condition.atLeast.toLocaleString('en')})`,
    };
  }
  const group = condition.group as StatusGroup;
  const where = whereOf({ ...filter, ...window });
  const n = where.params.length;
  const { rows } = await db.query<{ hit: number; ended: number }>(
    `SELECT count(*) FILTER (WHERE c.status = ANY($${n + 1}::text[]))::int AS hit, count(*) FILTER (WHERE c.status <> 'IN_PROGRESS')::int AS ended
       FROM index_calls c WHERE ${where.sql}`,
    [...where.params, [...STATUS_GROUP_STATUSES[group]]],
  );
  const hit = rows[0]?.hit ?? 0;
  const ended = rows[0]?.ended ?? 0;
  const share = ended === 0 ? 0 : Math.round((hit / ended) * 1000) / 10;
  const label = STATUS_GROUP_LABELS[group];
  return {
    value: share,
    breached: ended >= condition.minCalls && (hit / ended) * 100 > condition.abovePercent,
    summary: `${label} share ${share} % of ${plural(ended, 'ended call')} in ${windowText(condition.windowMinutes)} (threshold: above ${condition.abovePercent} % with at least ${plural(condition.minCalls, 'ended call')})`,
  };
}
