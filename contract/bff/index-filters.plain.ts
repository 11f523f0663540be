/**
 * The calls search's filters, declared once (ADR 0060). Each row is one filter as the calls list
 * offers it: the query parameters it sets on GET /bff/index/calls (the list's URL keys, the same
 * names), its kind and limits, its name in the filter bar, and whether only the call index answers
 * it. Plain data, no zod: the SPA's first chunk reads it (index.plain.ts says why). From it come
 * - the route's query schema, one builder per kind (index.ts, `IndexSearchQuery`);
 * - the SPA's URL parser, one parser per kind (src/features/calls/model/search-params.ts);
 * - the filter bar's list: label, keys, index-ness (src/features/calls/model/filter-bar.ts);
 * - the index's SQL: one clause per row in a Record the compiler checks (`whereOf`,
 *   server/services/call-index/query.ts).
 *
 * Adding a filter: its row here and its SQL clause, then its editor in the bar (the form's fields in
 * filter-form.ts, the chip's text, the popover's fields); the compiler names each place left. A new
 * kind also takes a schema builder and a URL parser; index-filters.test.ts checks that both take
 * and refuse the same values.
 */
import { LIMITS } from '../limits';
import { STATUS_GROUP_OF } from '../status-groups';

/**
 * What a filter holds, and the limits its checks use. The route's messages name a repeated filter's
 * value by its parameter ("At most 10 tags.", "No check has so large an id.").
 */
export type FilterKind =
  | { kind: 'uuid' }
  | { kind: 'e164' }
  /** `yyyy-MM-dd`. */
  | { kind: 'date' }
  /** UTC `yyyy-MM-ddTHH:mm:ssZ`. */
  | { kind: 'instant' }
  /** An IANA zone name; UTC when absent. */
  | { kind: 'zone'; max: number }
  /** Free text of at most `max` characters, no control character; `what` names it in messages. */
  | { kind: 'text'; max: number; nonEmpty?: true; what: string }
  /** `true` or `false`. */
  | { kind: 'boolean' }
  /** Whole seconds, 0 to `max`. */
  | { kind: 'seconds'; max: number }
  /** Call statuses (any of them), repeated or comma-separated. */
  | { kind: 'statuses'; repeat: number }
  /** Texts (all of them), each as `text`, repeated. */
  | { kind: 'texts'; max: number; repeat: number }
  /** `name=value` (all of them), split at the first `=`; the name not blank. */
  | { kind: 'pairs'; max: number; repeat: number }
  /** `path=value` (all of them): the path's 1 to `depth` segments joined by dots, none blank. */
  | { kind: 'paths'; max: number; repeat: number; depth: number }
  /** Ids of the BFF's own rows (all of them), 1 to `max`, repeated. */
  | { kind: 'ids'; max: number; repeat: number };

export type FilterRow = FilterKind & {
  /** The filter bar's name of it (its chip, "+ Add filter"). */
  label: string;
  /** The query parameters it sets, in the route's order. */
  keys: readonly string[];
  /** The upstream's calls list answers it too; the others only the call index (one set: the list reads from the index). */
  upstream?: true;
  /** Not offered by "+ Add filter" (a pinned zone and an hour window come with a link instead). */
  offered?: false;
};

/** The row of a kind. */
export type RowOf<K extends FilterKind['kind']> = Extract<FilterRow, { kind: K }>;

/** Each `classifier`, `extracted` and `tag` value, characters. */
const VALUE_MAX = 300;
/** How many values of one repeated filter a query may carry. */
const REPEAT_MAX = 10;
/** The largest id of a row of the BFF's own (int4). */
const ID_MAX = 2_147_483_647;

/** In the route's order (its parameters, the OpenAPI document's, the URL's). */
export const SEARCH_FILTERS = {
  agent: { label: 'Agent', keys: ['agentId'], kind: 'uuid', upstream: true },
  phone: { label: 'Phone', keys: ['phone'], kind: 'e164', upstream: true },
  /** The exact name. */
  campaign: { label: 'Campaign', keys: ['campaignName'], kind: 'text', max: LIMITS.campaignName.max, nonEmpty: true, what: 'A campaign name', upstream: true },
  /** Inclusive dates on startTime, in `tz` (UTC when absent: the upstream's rule). Both or neither. */
  started: { label: 'Started', keys: ['from', 'to'], kind: 'date', upstream: true },
  /** The zone the dates (and Insights' buckets) are read in, when a link pins it. */
  zone: { label: 'Time zone', keys: ['tz'], kind: 'zone', max: 64, offered: false },
  /** An exact window on startTime, from inclusive, before exclusive: an Insights hour bar's (its own chip). */
  window: { label: 'Hour window', keys: ['startedFrom', 'startedBefore'], kind: 'instant', offered: false },
  /** Each status once at most. */
  status: { label: 'Status', keys: ['status'], kind: 'statuses', repeat: Object.keys(STATUS_GROUP_OF).length },
  recording: { label: 'Has recording', keys: ['hasRecording'], kind: 'boolean' },
  /** Inclusive bounds. */
  duration: { label: 'Duration', keys: ['minDuration', 'maxDuration'], kind: 'seconds', max: 86_400 },
  classifier: { label: 'Classifier', keys: ['classifier'], kind: 'pairs', max: VALUE_MAX, repeat: REPEAT_MAX },
  /** Extracted data, the path dotted for groups (`address.city=Paris`). */
  extracted: { label: 'Extracted field', keys: ['extracted'], kind: 'paths', max: VALUE_MAX, repeat: REPEAT_MAX, depth: 8 },
  tag: { label: 'Tag', keys: ['tag'], kind: 'texts', max: VALUE_MAX, repeat: REPEAT_MAX },
  /** Transcript events (calls whose transcript is indexed). */
  answeringMachine: { label: 'Answering machine', keys: ['answeringMachine'], kind: 'boolean' },
  transfer: { label: 'Transferred', keys: ['transfer'], kind: 'boolean' },
  /** Calls hung up within N seconds of being answered. */
  hangUp: { label: 'Hung up within', keys: ['hangUpWithin'], kind: 'seconds', max: 3_600 },
  /** Transcript text, web-search syntax; longer: 400 on `q`. */
  q: { label: 'Transcript text', keys: ['q'], kind: 'text', max: 500, what: 'The search text' },
  /** A QA check or category (docs/review.md) that flagged the call. */
  check: { label: 'Flagged by', keys: ['check'], kind: 'ids', max: ID_MAX, repeat: REPEAT_MAX },
  /** An outcome (docs/outcomes.md) the call met. */
  outcome: { label: 'Met outcome', keys: ['outcome'], kind: 'ids', max: ID_MAX, repeat: REPEAT_MAX },
} as const satisfies Readonly<Record<string, FilterRow>>;

type Rows = typeof SEARCH_FILTERS;
export type FilterName = keyof Rows;
/** A query parameter of a filter (a key of the list's URL). */
export type FilterKey = Rows[FilterName]['keys'][number];
/** The kind of the filter that sets `K`. */
export type KindOf<K extends FilterKey> = { [N in FilterName]: K extends Rows[N]['keys'][number] ? Rows[N]['kind'] : never }[FilterName];
/** The filters "+ Add filter" offers. */
export type OfferedFilter = { [N in FilterName]: Rows[N] extends { offered: false } ? never : N }[FilterName];
type IndexOnlyFilter = { [N in FilterName]: Rows[N] extends { upstream: true } ? never : N }[FilterName];
/** The parameters only the index answers. */
export type IndexOnlyKey = Rows[IndexOnlyFilter]['keys'][number];

/** The rows, each with its name and whether only the index answers it, in the table's order. */
export const FILTER_ROWS = Object.entries(SEARCH_FILTERS).map(([name, row]) => ({
  ...(row as FilterRow),
  name: name as FilterName,
  index: !(row as FilterRow).upstream,
}));

/** Every filter's parameters, in the route's order. */
export const SEARCH_FILTER_KEYS = FILTER_ROWS.flatMap((f) => f.keys) as FilterKey[];

/**
 * C0 controls but tab, newline and carriage return, and DEL: never in a filter's text (PostgreSQL
 * text cannot hold NUL). The one rule of the route's schema, the SPA's URL parser and its form.
 */
export function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

/** Whether `s` is `name=value` with a name its row takes (the text's length and characters apart). */
export function isPair(f: RowOf<'pairs'> | RowOf<'paths'>, s: string): boolean {
  const at = s.indexOf('=');
  if (at <= 0) return false;
  const name = s.slice(0, at);
  if (f.kind === 'pairs') return name.trim() !== '';
  const path = name.split('.');
  return path.length <= f.depth && path.every((segment) => segment.trim() !== '');
}
