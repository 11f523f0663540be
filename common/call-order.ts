/**
 * ORDER BY for a calls list's `sort` (`<property>,ASC|DESC`), as the Voice API sorts
 * (docs/api-assumptions.md #2), over the tables that keep calls with these column names: the
 * simulator's `calls` and the BFF's `index_calls`. Only end_time and duration can be null: nulls
 * last when descending (first when ascending); naming a null order on the other columns would
 * stop the planner from walking their (default-ordered) indexes. The id breaks ties.
 */
import { CALL_SORT_PROPERTIES, parseSort } from '../contract/queries.plain';

const CALL_SORT_COLUMNS: Record<(typeof CALL_SORT_PROPERTIES)[number], string> = {
  startTime: 'start_time',
  endTime: 'end_time',
  duration: 'duration',
  status: 'status',
  phone: 'phone',
  type: 'type',
  created: 'created',
};

const isSortProperty = (property: string): property is keyof typeof CALL_SORT_COLUMNS => (CALL_SORT_PROPERTIES as readonly string[]).includes(property);

/** `sort` as an ORDER BY list; `alias` qualifies the columns (`c` gives `c.start_time`). */
export function callOrderBy(sort: string, alias?: string): string {
  const { property, direction } = parseSort(sort);
  const column = isSortProperty(property) ? CALL_SORT_COLUMNS[property] : 'start_time';
  const nullable = column === 'end_time' || column === 'duration';
  const nulls = !nullable ? '' : direction === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST';
  const at = alias ? `${alias}.` : '';
  return `${at}${column} ${direction}${nulls}, ${at}id ${direction}`;
}
