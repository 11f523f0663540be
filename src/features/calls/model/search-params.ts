/**
 * The calls list's URL search params. The upstream ones mirror CallListQuery (the contract is the
 * source of truth) so a view is just its URL; the index's own filters use the names of the index
 * route's query (contract/bff/index.plain.ts), so one URL works on either source. The filters, their
 * kinds and limits are the contract's table (contract/bff/index-filters.plain.ts), read by one
 * parser per kind. `usesIndex` says which one answers; `toUpstreamQuery` and `toIndexQuery` map the
 * params to each.
 */
import { CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES, sortPattern } from '@contract/queries.plain';
import { LIMITS } from '@contract/limits';
import {
  FILTER_ROWS,
  hasControlCharacter,
  INDEX_ONLY_PARAMS,
  INDEX_QUERY_PARAM_NAMES,
  isPair,
  SEARCH_FILTER_KEYS,
  STATUS_GROUP_OF,
  type FilterKey,
  type FilterKind,
  type FilterRow,
  type KindOf,
  type RowOf,
} from '@contract/bff/index.plain';
import type { CallStatus } from '@contract/enums';
import { booleanParam, intParam, matchParam, PATTERNS, textParam } from '@/lib/search-params';
import { isIanaZone } from '@contract/timezone';
import { UTC_SECONDS_PATTERN } from '@contract/formats.plain';

export const CALL_STATUSES = Object.keys(STATUS_GROUP_OF) as CallStatus[];

/** What the list's state holds for each kind of filter (ids and pairs as the URL writes them). */
interface KindValues {
  uuid: string;
  e164: string;
  date: string;
  instant: string;
  zone: string;
  text: string;
  boolean: boolean;
  seconds: number;
  statuses: CallStatus[];
  texts: string[];
  pairs: string[];
  paths: string[];
  ids: string[];
}

/** Every filter of the calls search's table (contract/bff/index-filters.plain.ts, where each is described). */
export type CallsFilters = { [K in FilterKey]?: KindValues[KindOf<K>] };

/** The calls list's state; each field follows the rule of the query that answers it. */
export interface CallsSearch extends CallsFilters {
  page: number;
  size: number;
  sort: string;
  /** The call selected in the list, shown in the detail panel beside it (a UUID); not part of the list's read. */
  call?: string;
}

/** The filters only the index answers (the index route's own names); `tz` is one when a link pins it. */
export { INDEX_ONLY_PARAMS as INDEX_FILTERS, SEARCH_FILTER_KEYS as FILTER_KEYS };

const SORT = sortPattern(CALL_SORT_PROPERTIES);

/** A list of strings from one value, an array, or a comma list (statuses); bad items dropped. */
function listParam(raw: unknown, keep: (s: string) => boolean, max: number, splitCommas = false): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  const list = (splitCommas ? items.flatMap((s) => s.split(',')) : items).filter((s) => s !== '' && keep(s));
  const unique = [...new Set(list)].slice(0, max);
  return unique.length ? unique : undefined;
}

/** Text a filter may hold: at most `max` characters, and none of the contract's control characters. */
const fits = (s: string, max: number) => s.length <= max && !hasControlCharacter(s);

/** A boolean as the router gives it (true) or as a hand-typed URL may ("true"). */
function flag(raw: unknown): boolean | undefined {
  return raw === 'true' ? true : raw === 'false' ? false : booleanParam(raw);
}

const matching = (pattern: RegExp) => (raw: unknown) => matchParam(raw, pattern, undefined);
const pairs = (raw: unknown, f: RowOf<'pairs'> | RowOf<'paths'>) => listParam(raw, (s) => isPair(f, s) && fits(s, f.max), f.repeat);

/**
 * One URL parser per kind of filter, from the row's limits, as the index route's schema reads them
 * (contract/bff/index.ts has one builder per kind): what the route would refuse is dropped. An id
 * is kept in the form the bar writes (`7`, not `007`).
 */
const KIND_PARSERS: { [K in FilterKind['kind']]: (raw: unknown, f: RowOf<K>) => KindValues[K] | undefined } = {
  uuid: matching(PATTERNS.uuid),
  e164: matching(PATTERNS.e164),
  date: matching(PATTERNS.isoDate),
  instant: matching(UTC_SECONDS_PATTERN),
  zone: (raw, f) => (typeof raw === 'string' && raw.length <= f.max && isIanaZone(raw) ? raw : undefined),
  text: (raw, f) => {
    const t = textParam(raw);
    return t !== undefined && fits(t, f.max) ? t : undefined;
  },
  boolean: flag,
  seconds: (raw, f) => {
    const n = intParam(raw, 0, f.max, -1);
    return n < 0 ? undefined : n;
  },
  statuses: (raw, f) => listParam(raw, (s) => (CALL_STATUSES as string[]).includes(s), f.repeat, true) as CallStatus[] | undefined,
  texts: (raw, f) => listParam(raw, (s) => fits(s, f.max), f.repeat),
  pairs,
  paths: pairs,
  ids: (raw, f) => listParam(raw, (s) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= f.max, f.repeat),
};

/** One filter parameter as the URL gives it, by its row's kind. */
export function parseFilter(f: FilterRow, raw: unknown): unknown {
  return (KIND_PARSERS[f.kind] as (raw: unknown, f: FilterRow) => unknown)(raw, f);
}

/**
 * Search params as they may arrive from a shared URL: an invalid value falls back to its default
 * (or is dropped) rather than crash; a lone or reversed date end is dropped because both
 * sources need both in order; so are reversed duration bounds.
 */
export function parseCallsSearch(raw: Record<string, unknown>): CallsSearch {
  const search: CallsSearch = {
    page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default),
    size: intParam(raw.size, LIMITS.pageSize.min, LIMITS.pageSize.max, LIMITS.pageSize.default),
    sort: matchParam(raw.sort, SORT, DEFAULT_CALL_SORT),
  };
  for (const f of FILTER_ROWS) for (const key of f.keys) (search as unknown as Record<string, unknown>)[key] = parseFilter(f, raw[key]);
  search.call = matchParam(raw.call, PATTERNS.uuid, undefined);
  if (!search.from || !search.to || search.from > search.to) {
    search.from = undefined;
    search.to = undefined;
  }
  if (search.startedFrom && search.startedBefore && search.startedFrom >= search.startedBefore) {
    search.startedFrom = undefined;
    search.startedBefore = undefined;
  }
  if (search.minDuration !== undefined && search.maxDuration !== undefined && search.minDuration > search.maxDuration) {
    search.minDuration = undefined;
    search.maxDuration = undefined;
  }
  // Absent keys, not `key: undefined`, so URLs and query keys stay minimal.
  for (const key of Object.keys(search) as (keyof CallsSearch)[]) if (search[key] === undefined) delete search[key];
  return search;
}

/** The search the list's rows are read with: without the selected call, so selecting one reads nothing again. */
export function listSearchOf(search: CallsSearch): CallsSearch {
  if (search.call === undefined) return search;
  const { call: _selected, ...rest } = search;
  return rest;
}

/** What a saved view keeps of the list's search: its filters, sort and size, from page 1, not the call the panel shows. */
export function viewSearchOf(search: CallsSearch): CallsSearch {
  return { ...listSearchOf(search), page: 1 };
}

/** Whether a filter only the index answers is set: then the rows come from the index. */
export function usesIndex(search: CallsSearch): boolean {
  return INDEX_ONLY_PARAMS.some((key) => search[key] !== undefined);
}

/** Whether any filter (of either source) is set. */
export function hasFilters(search: CallsSearch): boolean {
  return SEARCH_FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The search without any filter: paging restarts, sort and page size stay. */
/**
 * A change of the list's search, as a function of the search as the person last chose it: while a
 * change is read, the route's search is still the one before it, and a second change (a page, a
 * sort) built on that would undo the first. The route hands it to the router's `search: (prev) => …`.
 */
export type CallsSearchUpdate = (prev: CallsSearch) => CallsSearch;

export function clearFilters(search: CallsSearch): CallsSearch {
  return { page: 1, size: search.size, sort: search.sort };
}

/** Upstream query string params, named by QUERY_PARAM_NAMES; empty filters are left out. */
export function toUpstreamQuery(search: CallsSearch): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [keyof typeof QUERY_PARAM_NAMES, string | number | undefined][] = [
    ['page', search.page],
    ['size', search.size],
    ['sort', search.sort],
    ['agentId', search.agentId],
    ['phone', search.phone],
    ['campaignName', search.campaignName],
    ['from', search.from],
    ['to', search.to],
  ];
  for (const [key, value] of entries) {
    if (value !== undefined && value !== '') params.set(QUERY_PARAM_NAMES[key], String(value));
  }
  return params;
}

/** GET /bff/index/calls params: repeated names for lists; `tz` is the link's or the display zone; `exactTotal` when asked. */
export function toIndexQuery(search: CallsSearch, displayZone: string, opts: { exactTotal?: boolean } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(INDEX_QUERY_PARAM_NAMES) as [keyof typeof INDEX_QUERY_PARAM_NAMES, string][]) {
    const value =
      key === 'tz' ? (search.tz ?? (search.from ? displayZone : undefined)) : key === 'exactTotal' ? (opts.exactTotal ? 'true' : undefined) : search[key];
    if (value === undefined || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, String(item));
  }
  return params;
}
