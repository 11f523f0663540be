/**
 * Query parameters of the list routes. Their names are the docs/api-assumptions.md decision: kept here only, so a
 * real upstream that chose other names is a one-line change (QUERY_PARAM_NAMES).
 */
import { z } from 'zod';
import { AgentType } from './enums';
import { E164, IsoDate, Uuid } from './formats';
import { LIMITS } from './limits';
import {
  AGENT_SORT_PROPERTIES,
  CALL_SORT_PROPERTIES,
  DECIMAL_INTEGER,
  DEFAULT_AGENT_SORT,
  DEFAULT_CALL_SORT,
  SORT_DIRECTIONS,
  sortPattern,
} from './queries.plain';

export { AGENT_SORT_PROPERTIES, CALL_SORT_PROPERTIES, DEFAULT_AGENT_SORT, DEFAULT_CALL_SORT, parseSort, QUERY_PARAM_NAMES } from './queries.plain';

export const SortDirection = z.enum(SORT_DIRECTIONS);
export type SortDirection = z.infer<typeof SortDirection>;

/** `sort` for a list of these properties: `<property>,ASC|DESC`, with its default. */
export function sortParam<const P extends readonly [string, ...string[]]>(properties: P, fallback: string) {
  return z
    .string()
    .regex(sortPattern(properties), { error: `Sort as <property>,ASC or <property>,DESC with property one of ${properties.join(', ')}.` })
    .default(fallback)
    .meta({ description: `<property>,ASC|DESC; property one of ${properties.join(', ')}.` });
}

/**
 * A whole-number query parameter. Only the decimal form passes: `0x10`, `1e1`, ` 5`, `1.0` and an
 * empty value are refused (z.coerce would read them as numbers), so what the BFF validates is
 * exactly what it forwards. A number (a typed caller) passes as is.
 */
export function queryInt(rule: { whole: string; min: number; tooSmall: string; max?: number; tooLarge?: string; default?: number }) {
  let n = z.number({ error: rule.whole }).int({ error: rule.whole }).min(rule.min, { error: rule.tooSmall });
  if (rule.max !== undefined) n = n.max(rule.max, { error: rule.tooLarge });
  const inner = rule.default === undefined ? n : n.default(rule.default);
  return z.preprocess((v) => (typeof v === 'string' && DECIMAL_INTEGER.test(v) ? Number(v) : v), inner);
}

/** `page` and `size` of every paged list (the Voice API's and the BFF's own). */
export const paging = {
  page: queryInt({ whole: 'Page must be a whole number.', min: LIMITS.page.min, tooSmall: 'Pages start at 1.', default: LIMITS.page.default }),
  size: queryInt({
    whole: 'Size must be a whole number.',
    min: LIMITS.pageSize.min,
    tooSmall: `Size must be at least ${LIMITS.pageSize.min}.`,
    max: LIMITS.pageSize.max,
    tooLarge: `Size must be at most ${LIMITS.pageSize.max}.`,
    default: LIMITS.pageSize.default,
  }),
};

/** Page and size as every paged list takes them (the Voice API's and the BFF's own). */
export const PageQuery = z.object(paging);

export const AgentListQuery = z.strictObject({
  ...paging,
  sort: sortParam(AGENT_SORT_PROPERTIES, DEFAULT_AGENT_SORT),
  type: AgentType.optional(),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

export const CallListQuery = z
  .strictObject({
    ...paging,
    sort: sortParam(CALL_SORT_PROPERTIES, DEFAULT_CALL_SORT),
    agentId: Uuid.optional(),
    phone: E164.optional(),
    campaignName: z.string().min(1).optional(),
    from: IsoDate.optional().meta({ description: 'Inclusive UTC date on startTime. Requires to.' }),
    to: IsoDate.optional().meta({ description: 'Inclusive UTC date on startTime. Requires from.' }),
  })
  .superRefine((q, ctx) => {
    if (q.from && !q.to) ctx.addIssue({ code: 'custom', path: ['to'], input: q.to, message: '`to` is required when `from` is set.' });
    if (q.to && !q.from) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` is required when `to` is set.' });
    if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['from'], input: q.from, message: '`from` must not be after `to`.' });
  });
export type CallListQuery = z.infer<typeof CallListQuery>;

/** Path parameters: `{id}` must be a UUID (docs/api-assumptions.md: else 400 on `id`). */
export const IdParams = z.strictObject({ id: Uuid });
