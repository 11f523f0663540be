/**
 * Insights' URL search params, read without zod (every route's validateSearch runs in the first
 * chunk): a date range as a preset or custom dates, agent and campaign filters, and the time zone
 * the days are read in (absent: the display time zone). Invalid values fall back to the default.
 */
import { INDEX_LIMITS } from '@contract/bff/index.plain';
import { LIMITS } from '@contract/limits';
import { isIanaZone, todayIn } from '@contract/timezone';
import { matchParam, oneOfParam, PATTERNS, textParam } from '@/lib/search-params';
import { addDays } from '@/lib/zone-days';

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'last90', label: 'Last 90 days' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];
export const DEFAULT_RANGE: RangePreset = 'last7';

export interface InsightsSearch {
  range: RangePreset | 'custom';
  /** Inclusive dates, with range 'custom' only. */
  from?: string;
  to?: string;
  agentId?: string;
  campaignName?: string;
  /** IANA zone; absent: the display time zone. */
  tz?: string;
}

const RANGE_IDS = [...RANGE_PRESETS.map((p) => p.id), 'custom'] as const;

export function parseInsightsSearch(raw: Record<string, unknown>): InsightsSearch {
  const search: InsightsSearch = { range: oneOfParam(raw.range, RANGE_IDS, DEFAULT_RANGE) };
  const from = matchParam(raw.from, PATTERNS.isoDate, undefined);
  const to = matchParam(raw.to, PATTERNS.isoDate, undefined);
  if (search.range === 'custom') {
    const days = from && to ? (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 : 0;
    if (from && to && days >= 1 && days <= INDEX_LIMITS.insightsMaxDays) Object.assign(search, { from, to });
    else search.range = DEFAULT_RANGE;
  }
  const agentId = matchParam(raw.agentId, PATTERNS.uuid, undefined);
  if (agentId) search.agentId = agentId;
  const campaignName = textParam(raw.campaignName);
  if (campaignName && campaignName.length <= LIMITS.campaignName.max) search.campaignName = campaignName;
  if (typeof raw.tz === 'string' && isIanaZone(raw.tz)) search.tz = raw.tz;
  return search;
}

/** The inclusive dates a search covers in `zone`, today being `now`'s date there. */
export function rangeDates(search: InsightsSearch, zone: string, now: Date = new Date()): { from: string; to: string } {
  if (search.range === 'custom' && search.from && search.to) return { from: search.from, to: search.to };
  const today = todayIn(zone, now);
  switch (search.range) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    default:
      return { from: addDays(today, -6), to: today };
  }
}

/** What the Insights route asks the index for (and what every link to the calls list narrows). */
export interface InsightsQuery {
  from: string;
  to: string;
  tz: string;
  agentId?: string;
  campaignName?: string;
}

export function toInsightsQuery(search: InsightsSearch, displayZone: string, now: Date = new Date()): InsightsQuery {
  const tz = search.tz ?? displayZone;
  const query: InsightsQuery = { ...rangeDates(search, tz, now), tz };
  if (search.agentId) query.agentId = search.agentId;
  if (search.campaignName) query.campaignName = search.campaignName;
  return query;
}
