/**
 * The list routes' query parameters as plain data: names, sort properties and defaults. No zod here,
 * so the browser's first chunk can read a URL without loading the schemas; `queries.ts` builds the
 * schemas from these same values (one source of truth, two weights).
 */
export { AGENT_TYPES } from './enums.plain';
export const QUERY_PARAM_NAMES = {
  page: 'page',
  size: 'size',
  sort: 'sort',
  agentType: 'type',
  agentId: 'agentId',
  phone: 'phone',
  campaignName: 'campaignName',
  from: 'from',
  to: 'to',
} as const;

/** A whole number as a query string writes it: decimal digits, an optional minus, nothing else (queryInt). */
export const DECIMAL_INTEGER = /^-?\d{1,16}$/;

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const AGENT_SORT_PROPERTIES = ['name', 'type', 'active', 'recordable', 'archived'] as const;
export const CALL_SORT_PROPERTIES = ['startTime', 'endTime', 'duration', 'status', 'phone', 'type', 'created'] as const;
export const DEFAULT_AGENT_SORT = 'name,ASC';
export const DEFAULT_CALL_SORT = 'startTime,DESC';

/** `<property>,ASC|DESC` with one of the given properties. */
export function sortPattern(properties: readonly string[]): RegExp {
  return new RegExp(`^(${properties.join('|')}),(${SORT_DIRECTIONS.join('|')})$`);
}

/** Splits a validated sort value. */
export function parseSort(sort: string): { property: string; direction: SortDirection } {
  const [property = '', direction = 'ASC'] = sort.split(',');
  return { property, direction: direction === 'DESC' ? 'DESC' : 'ASC' };
}
