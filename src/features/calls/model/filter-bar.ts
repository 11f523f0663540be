/**
 * The calls list's filter bar as data: each filter the bar offers (every upstream and index filter
 * of the filter form), the URL keys it sets, the form fields that edit it, and what its chip says.
 * Names, keys and index-ness are the rows of the contract's table (contract/bff/index-filters.plain.ts).
 * Pure (no React, no zod): the bar's component and its tests read it. Loaded with the bar only.
 */
import { FILTER_ROWS, type FilterKey, type OfferedFilter } from '@contract/bff/index.plain';
import { CALL_STATUS_BADGES } from '@/components/status/call-status';
import type { FilterForm } from './filter-form';
import type { CallsSearch } from './search-params';

/** The filters the bar offers: the rows of the contract's table that "+ Add filter" lists. */
export type FilterId = OfferedFilter;

export interface FilterDef {
  id: FilterId;
  /** The chip's and the "Add filter" menu's name of it. */
  label: string;
  /** The URL keys it sets (and a remove drops). */
  keys: readonly (keyof CallsSearch)[];
  /** The filter form's fields that edit it (checked by the form's one schema, only these reported). */
  fields: readonly (keyof FilterForm)[];
  /** Answered by the call index, not the upstream. */
  index: boolean;
}

/** The filter form's fields that edit each filter: its editor's (the rest of a filter is its row). */
const FIELDS: Record<FilterId, readonly (keyof FilterForm)[]> = {
  agent: ['agentId'],
  phone: ['phone', 'country'],
  campaign: ['campaignName'],
  started: ['from', 'to'],
  status: ['status'],
  recording: ['hasRecording'],
  duration: ['minDuration', 'maxDuration'],
  classifier: ['classifierName', 'classifierValue'],
  extracted: ['extractedPath', 'extractedValue'],
  tag: ['tag'],
  answeringMachine: ['answeringMachine'],
  transfer: ['transfer'],
  hangUp: ['hangUpWithin'],
  q: ['q'],
  check: ['check'],
  outcome: ['outcome'],
};

const offered = FILTER_ROWS.filter((f): f is (typeof FILTER_ROWS)[number] & { name: FilterId } => f.offered !== false).map((f): FilterDef => ({
  id: f.name,
  label: f.label,
  keys: f.keys as readonly FilterKey[],
  fields: FIELDS[f.name],
  index: f.index,
}));

/** In the table's order (the upstream's first, then the index's), the transcript text last: it is the bar's own box, at its end. */
export const FILTERS: readonly FilterDef[] = [...offered.filter((f) => f.id !== 'q'), ...offered.filter((f) => f.id === 'q')];

export const filterDef = (id: FilterId): FilterDef => FILTERS.find((f) => f.id === id)!;

/** Whether the search sets this filter. */
export function isActive(search: CallsSearch, def: FilterDef): boolean {
  return def.keys.some((key) => search[key] !== undefined);
}

/** The filters the search sets, in the bar's order. */
export function activeFilters(search: CallsSearch): FilterDef[] {
  return FILTERS.filter((def) => isActive(search, def));
}

/** The search without one filter: paging restarts; every other filter, the sort and the size stay. */
export function withoutFilter(search: CallsSearch, id: FilterId): CallsSearch {
  const next: CallsSearch = { ...search, page: 1 };
  for (const key of filterDef(id).keys) delete next[key];
  return next;
}

/** The search without the hour window an Insights bar pins (its own chip). */
export function withoutWindow(search: CallsSearch): CallsSearch {
  const next: CallsSearch = { ...search, page: 1 };
  delete next.startedFrom;
  delete next.startedBefore;
  return next;
}

/**
 * One filter changed: its keys take their values in `edited` (the whole search the filter form's
 * values ask for), every other key stays as it is in `current` (the search as last chosen).
 */
export function withFilter(current: CallsSearch, id: FilterId, edited: CallsSearch): CallsSearch {
  const next: CallsSearch = { ...current, page: 1 };
  for (const key of filterDef(id).keys) {
    if (edited[key] === undefined) delete next[key];
    else (next as unknown as Record<string, unknown>)[key] = edited[key];
  }
  return next;
}

/** Names the chips need that the search holds as ids. */
export interface ChipNames {
  agent: (id: string) => string;
  check: (id: string) => string;
  outcome: (id: string) => string;
}

const yesNo = (b: boolean | undefined) => (b ? 'Yes' : 'No');
const more = (list: readonly string[] | undefined, first: (s: string) => string) =>
  list?.length ? `${first(list[0]!)}${list.length > 1 ? ` +${list.length - 1}` : ''}` : '';
const pair = (s: string) => {
  const at = s.indexOf('=');
  return `${s.slice(0, at)} = ${s.slice(at + 1)}`;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Calendar days (the URL's, in the list's zone) as "1 Nov – 7 Nov", with the year when the range is
 * not all in `thisYear`. Days, not instants: no zone applies.
 */
export function dayRange(from: string, to: string, thisYear: number): string {
  const withYear = from.slice(0, 4) !== to.slice(0, 4) || Number(from.slice(0, 4)) !== thisYear;
  const format = (d: string) => `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]}${withYear ? ` ${d.slice(0, 4)}` : ''}`;
  return from === to ? format(from) : `${format(from)} – ${format(to)}`;
}

/** What a filter's chip says after its name: "Sales bot", "Completed, Failed", "1 Nov – 7 Nov". */
export function chipValue(search: CallsSearch, id: FilterId, names: ChipNames, thisYear = new Date().getUTCFullYear()): string {
  switch (id) {
    case 'agent':
      return search.agentId ? names.agent(search.agentId) : '';
    case 'phone':
      return search.phone ?? '';
    case 'campaign':
      return search.campaignName ?? '';
    case 'started':
      return search.from && search.to ? dayRange(search.from, search.to, thisYear) : '';
    case 'status':
      return (search.status ?? []).map((s) => CALL_STATUS_BADGES[s].label).join(', ');
    case 'recording':
      return yesNo(search.hasRecording);
    case 'duration': {
      const { minDuration: min, maxDuration: max } = search;
      if (min !== undefined && max !== undefined) return `${min}–${max} s`;
      return min !== undefined ? `≥ ${min} s` : `≤ ${max} s`;
    }
    case 'classifier':
      return more(search.classifier, pair);
    case 'extracted':
      return more(search.extracted, pair);
    case 'tag':
      return more(search.tag, (t) => t);
    case 'answeringMachine':
      return yesNo(search.answeringMachine);
    case 'transfer':
      return yesNo(search.transfer);
    case 'hangUp':
      return `${search.hangUpWithin} s`;
    case 'check':
      return more(search.check, names.check);
    case 'outcome':
      return more(search.outcome, names.outcome);
    case 'q':
      return search.q ? `“${search.q}”` : '';
  }
}

/** The chip's text: "Agent: Sales bot". */
export function chipText(search: CallsSearch, id: FilterId, names: ChipNames, thisYear?: number): string {
  return `${filterDef(id).label}: ${chipValue(search, id, names, thisYear)}`;
}
