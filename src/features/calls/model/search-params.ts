/**
 * The calls list's URL search params. The upstream ones mirror CallListQuery (the contract is the
 * source of truth) so a view is just its URL; the index's own filters use the names of the index
 * route's query (contract/bff/index.plain.ts), so one URL works on either source. `usesIndex`
 * says which one answers; `toUpstreamQuery` and `toIndexQuery` map the params to each.
 */
import { CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT, QUERY_PARAM_NAMES, sortPattern } from '@contract/queries.plain';
import { LIMITS } from '@contract/limits';
import { INDEX_LIMITS, INDEX_ONLY_PARAMS, INDEX_QUERY_PARAM_NAMES, STATUS_GROUP_OF } from '@contract/bff/index.plain';
import type { CallStatus } from '@contract/enums';
import { booleanParam, intParam, matchParam, PATTERNS, textParam } from '@/lib/search-params';
import { isIanaZone } from '@contract/timezone';
import { UTC_SECONDS_PATTERN } from '@contract/formats.plain';

export const CALL_STATUSES = Object.keys(STATUS_GROUP_OF) as CallStatus[];

/** The calls list's state; each field follows the rule of the query that answers it. */
export interface CallsSearch {
  page: number;
  size: number;
  sort: string;
  agentId?: string;
  phone?: string;
  campaignName?: string;
  /** Inclusive dates on startTime, in `tz` when set, else in the display time zone. */
  from?: string;
  to?: string;
  /** A zone pinned by the link (Insights pins its own); read from the index. */
  tz?: string;
  /** An exact window on startTime (UTC), as an Insights hour bar gives it. */
  startedFrom?: string;
  startedBefore?: string;
  status?: CallStatus[];
  hasRecording?: boolean;
  minDuration?: number;
  maxDuration?: number;
  /** `name=value` */
  classifier?: string[];
  /** `path.to.field=value` */
  extracted?: string[];
  tag?: string[];
  answeringMachine?: boolean;
  transfer?: boolean;
  hangUpWithin?: number;
  /** Transcript text in web-search syntax. */
  q?: string;
  /** Ids of QA checks or categories that flagged the call (all of them); Insights' categories link here. */
  check?: string[];
  /** Ids of outcomes the call met (all of them); Insights' and the campaigns' outcome figures link here. */
  outcome?: string[];
  /** The call selected in the list, shown in the detail panel beside it (a UUID); not part of the list's read. */
  call?: string;
}

/** The filters only the index answers (the index route's own names); `tz` is one when a link pins it. */
export const INDEX_FILTERS = INDEX_ONLY_PARAMS satisfies readonly (keyof CallsSearch)[];

export const FILTER_KEYS = ['agentId', 'phone', 'campaignName', 'from', 'to', ...INDEX_FILTERS] as const satisfies readonly (keyof CallsSearch)[];

const SORT = sortPattern(CALL_SORT_PROPERTIES);
const PAIR = /^[^=]+=/;
const nameOf = (pair: string) => pair.slice(0, pair.indexOf('='));
/** As the index route's rules: a classifier name is not blank; a field path has 1-8 non-blank segments. */
const classifierPair = (s: string) => PAIR.test(s) && nameOf(s).trim() !== '';
const extractedPair = (s: string) => {
  if (!PAIR.test(s)) return false;
  const path = nameOf(s).split('.');
  return path.length <= INDEX_LIMITS.extractedPathMaxDepth && path.every((seg) => seg.trim() !== '');
};

/** A row id of the BFF's own (a check, an outcome): a positive int4. */
const isId = (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647;

/** A list of strings from one value, an array, or a comma list (statuses); bad items dropped. */
function listParam(raw: unknown, keep: (s: string) => boolean, max: number, splitCommas = false): string[] | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
  const list = (splitCommas ? items.flatMap((s) => s.split(',')) : items).filter((s) => s !== '' && keep(s));
  const unique = [...new Set(list)].slice(0, max);
  return unique.length ? unique : undefined;
}

/** Whether the text holds a control character (C0 or DEL): never valid in a filter. */
export function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

function textMax(raw: unknown, max: number): string | undefined {
  const t = textParam(raw);
  return t !== undefined && t.length <= max && !hasControl(t) ? t : undefined;
}

/** A boolean as the router gives it (true) or as a hand-typed URL may ("true"). */
function flag(raw: unknown): boolean | undefined {
  return raw === 'true' ? true : raw === 'false' ? false : booleanParam(raw);
}

function optionalInt(raw: unknown, max: number): number | undefined {
  const n = intParam(raw, 0, max, -1);
  return n < 0 ? undefined : n;
}

/**
 * Search params as they may arrive from a shared URL: an invalid value falls back to its default
 * (or is dropped) rather than crash; a lone or reversed date end is dropped because both
 * sources need both in order; so are reversed duration bounds.
 */
export function parseCallsSearch(raw: Record<string, unknown>): CallsSearch {
  const value = (s: string) => s.length <= INDEX_LIMITS.filterValueMaxLength && !hasControl(s);
  const search: CallsSearch = {
    page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default),
    size: intParam(raw.size, LIMITS.pageSize.min, LIMITS.pageSize.max, LIMITS.pageSize.default),
    sort: matchParam(raw.sort, SORT, DEFAULT_CALL_SORT),
    agentId: matchParam(raw.agentId, PATTERNS.uuid, undefined),
    phone: matchParam(raw.phone, PATTERNS.e164, undefined),
    campaignName: textMax(raw.campaignName, LIMITS.campaignName.max),
    from: matchParam(raw.from, PATTERNS.isoDate, undefined),
    to: matchParam(raw.to, PATTERNS.isoDate, undefined),
    tz: typeof raw.tz === 'string' && isIanaZone(raw.tz) ? raw.tz : undefined,
    startedFrom: matchParam(raw.startedFrom, UTC_SECONDS_PATTERN, undefined),
    startedBefore: matchParam(raw.startedBefore, UTC_SECONDS_PATTERN, undefined),
    status: listParam(raw.status, (s) => (CALL_STATUSES as string[]).includes(s), CALL_STATUSES.length, true) as CallStatus[] | undefined,
    hasRecording: flag(raw.hasRecording),
    minDuration: optionalInt(raw.minDuration, INDEX_LIMITS.durationMax),
    maxDuration: optionalInt(raw.maxDuration, INDEX_LIMITS.durationMax),
    classifier: listParam(raw.classifier, (s) => classifierPair(s) && value(s), INDEX_LIMITS.repeatedFiltersMax),
    extracted: listParam(raw.extracted, (s) => extractedPair(s) && value(s), INDEX_LIMITS.repeatedFiltersMax),
    tag: listParam(raw.tag, value, INDEX_LIMITS.repeatedFiltersMax),
    answeringMachine: flag(raw.answeringMachine),
    transfer: flag(raw.transfer),
    hangUpWithin: optionalInt(raw.hangUpWithin, INDEX_LIMITS.hangUpWithinMax),
    q: textMax(raw.q, INDEX_LIMITS.qMaxLength),
    check: listParam(raw.check, isId, INDEX_LIMITS.repeatedFiltersMax),
    outcome: listParam(raw.outcome, isId, INDEX_LIMITS.repeatedFiltersMax),
    call: matchParam(raw.call, PATTERNS.uuid, undefined),
  };
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
  return INDEX_FILTERS.some((key) => search[key] !== undefined);
}

/** Whether any filter (of either source) is set. */
export function hasFilters(search: CallsSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
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
